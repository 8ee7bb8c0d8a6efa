import { AlertTriangle, Archive, ArrowLeft, ChevronDown, Coins, ExternalLink, Flower2, Info, Lamp, LoaderCircle, RotateCcw, Shirt, ShoppingBag, ShowerHead, SprayCan, Wrench, type LucideIcon } from 'lucide-react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { toast } from '../../lib/toast'
import { creditsLabel } from '../../../shared/packages'
import { isPaletteId, paletteLabel } from '../../../shared/catalogue/palettes'
import { imageUrl, versionedImageUrl } from '../../../shared/catalogue/images'
import { CATEGORY_PICTURES, CATEGORY_PRICE_BANDS, type Product, type ProductCategory } from '../../../shared/products'
import type { DesignView } from '../../../shared/schemas/designs'
import { PaletteSwatch } from '../../components/ui/palette-swatch'
import { useAuth } from '../../auth/auth-context'
import { Button, buttonClass } from '../../components/ui/button'
import { ApiError } from '../../lib/api'
import { cn } from '../../lib/cn'
import { groupProductsByCategory, shopLinkRel, type ProductGroup } from './group-products'
import { useCreateProductList, useProductDesign, useProductList } from './product-list-api'
import { UpgradePanel } from './upgrade-panel'

// spec §8 Products, verbatim.
export const GET_FAILED_MESSAGE = 'Could not get product recommendations.'
export const FETCH_FAILED_MESSAGE = 'Could not fetch product recommendations.'
export const NO_PRODUCTS_MESSAGE = 'No products found for this design.'
export const FINDING_PRODUCTS_MESSAGE = 'Finding products that match your design…'

const CATEGORY_ICONS: Record<ProductCategory, LucideIcon> = {
  Fixtures: ShowerHead,
  Lighting: Lamp,
  Hardware: Wrench,
  Storage: Archive,
  Decor: Flower2,
  Accessories: SprayCan,
  Textiles: Shirt,
}

export type ProductRecommendationsProps = {
  designId: string
  /** Shows the back button (the wizard's step 4: 'Back to Transformations'). */
  onBack?: () => void
  /** The back button's words where it leads elsewhere (My Designs: back to the collection). */
  backLabel?: string
  /** Shows 'Start Over'. */
  onStartOver?: () => void
  /** The design is not a real design of the signed-in user (unknown, someone else's, a sample, or signed out). */
  onMissing?: () => void
  /** The credit package cards, for non-paid members and members out of credits (a route renders them; features do not import each other). */
  renderPackages?: () => ReactNode
}

/**
 * spec §2 step 4 / My Designs detail: product recommendations for one design. Paid members get the list grouped by
 * category in panels that start open; a list not yet paid for is made only after the member agrees to spend 1 credit
 * on it. Others get an upgrade panel.
 */
export function ProductRecommendations({ designId, onBack, backLabel = 'Back to Transformations', onStartOver, onMissing, renderPackages }: ProductRecommendationsProps) {
  const auth = useAuth()
  const headingId = useId()
  const isPaid = auth.membershipTier === 'paid'
  const { refreshCredits } = auth
  const signedIn = !auth.loading && Boolean(auth.user)
  const design = useProductDesign(designId, signedIn)
  const designError = design.error
  const missing =
    (!auth.loading && !auth.user) || (designError instanceof ApiError && designError.status >= 400 && designError.status < 500 && designError.status !== 401) || design.data?.is_fallback === true
  const list = useProductList(designId, signedIn && isPaid && design.isSuccess && !missing)
  const create = useCreateProductList(designId, () => void refreshCredits())
  const error = list.error ?? create.error

  useEffect(() => {
    if (missing) onMissing?.()
  }, [missing, onMissing])

  // spec §8: a toast when the list cannot be had; server refusals say why.
  useEffect(() => {
    if (!error) return
    const answered = error instanceof ApiError && error.status > 0
    toast.error(answered ? GET_FAILED_MESSAGE : FETCH_FAILED_MESSAGE, { id: `products-${designId}`, description: answered ? error.message : undefined })
  }, [error, designId])

  const actions = (onBack || onStartOver) && (
    <div className="flex flex-wrap gap-3">
      {onBack && (
        <Button variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {backLabel}
        </Button>
      )}
      {onStartOver && (
        <Button variant="ghost" onClick={onStartOver}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          Start Over
        </Button>
      )}
    </div>
  )

  if (!auth.loading && !isPaid && !missing) {
    return (
      <section aria-labelledby={headingId} className="space-y-6">
        <UpgradePanel headingId={headingId} packages={renderPackages?.()} />
        {actions && <div className="flex justify-center">{actions}</div>}
      </section>
    )
  }

  let body: ReactNode
  if (missing) {
    body = (
      <p role="status" className="rounded-2xl bg-sand-100 px-5 py-4 text-ink-700">
        Product recommendations are available for your own designs, not for sample images.
      </p>
    )
  } else if (list.data) {
    body = <ListBody groups={groupProductsByCategory(list.data.products)} message={list.data.message} charged={list.data.charged} retrying={list.isFetching} onRetry={() => void list.refetch()} />
  } else if (create.isPending) {
    body = <Finding />
  } else if (create.error) {
    // Nothing was charged: the credit is spent only when a list is saved. Asking again costs 1 credit if it works.
    body = <ListError error={create.error} retryCosts onRetry={() => create.mutate()} renderPackages={renderPackages} />
  } else if (list.error && !list.isFetching) {
    body = <ListError error={list.error} onRetry={() => void list.refetch()} renderPackages={renderPackages} />
  } else if (list.data === null) {
    body = <ListConsent credits={auth.credits} onConfirm={() => create.mutate()} renderPackages={renderPackages} />
  } else {
    body = <Finding />
  }

  return (
    <section aria-labelledby={headingId} aria-busy={list.isFetching || create.isPending || auth.loading || undefined}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-3xl text-ink-900">
            Shop your look
          </h2>
          <p className="mt-2 max-w-xl text-ink-600">Products picked to match this design, grouped by category. Search each one at the retailer for current prices.</p>
        </div>
        {actions}
      </div>

      <div className={cn('mt-8', design.data && 'grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start')}>
        {design.data && <DesignBeside design={design.data} />}
        <div className="min-w-0">{body}</div>
      </div>
    </section>
  )
}

/** spec §9: a list costs 1 credit. The member hears it before anything is spent, and the charge follows their yes. */
function ListConsent({ credits, onConfirm, renderPackages }: { credits: number; onConfirm: () => void; renderPackages?: () => ReactNode }) {
  const enough = credits >= 1
  return (
    <div className="rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-sand-200 sm:p-10" data-testid="product-list-consent">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Coins aria-hidden="true" className="h-6 w-6" />
      </span>
      <h3 className="mt-4 text-2xl text-ink-900">A product list for this design costs 1 credit</h3>
      <p className="mx-auto mt-2 max-w-lg text-ink-600">
        {enough
          ? `You have ${creditsLabel(credits)}. The credit is used only when your list is ready, and opening it again later is free.`
          : 'You have no credits left. Buy a credit package to get this list; you come back here after paying.'}
      </p>
      {enough ? (
        <Button size="lg" className="mt-6 h-auto min-h-12 py-2.5" onClick={onConfirm}>
          <ShoppingBag aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            Get Product List <span className="whitespace-nowrap">· 1 credit</span>
          </span>
        </Button>
      ) : (
        renderPackages && <div className="mt-8 border-t border-sand-200 pt-8 text-left">{renderPackages()}</div>
      )}
      {!enough && !renderPackages && (
        <Link to="/pricing" className={buttonClass('primary', 'lg', 'mt-6')}>
          <Coins aria-hidden="true" className="h-4 w-4" />
          Buy Credits
        </Link>
      )}
    </div>
  )
}

function Finding() {
  return (
    <div>
      <p role="status" className="flex items-center gap-3 rounded-2xl bg-brand-50 px-5 py-4 font-medium text-brand-800 ring-1 ring-brand-100">
        <LoaderCircle aria-hidden="true" className="h-5 w-5 shrink-0 animate-spin motion-reduce:animate-none" />
        {FINDING_PRODUCTS_MESSAGE}
      </p>
      <div aria-hidden="true" className="mt-6 space-y-4">
        {[0, 1].map((panel) => (
          <div key={panel} className="rounded-3xl bg-white p-5 ring-1 ring-sand-200 sm:p-6">
            <div className="h-7 w-40 animate-pulse rounded-md bg-sand-200 motion-reduce:animate-none" />
            <div className="mt-5 space-y-3">
              {[0, 1].map((row) => (
                <div key={row} className="h-20 animate-pulse rounded-2xl bg-sand-100 motion-reduce:animate-none" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}

function ListError({ error, onRetry, retryCosts = false, renderPackages }: { error: Error; onRetry: () => void; retryCosts?: boolean; renderPackages?: () => ReactNode }) {
  const answered = error instanceof ApiError && error.status > 0
  const outOfCredits = error instanceof ApiError && error.status === 402
  return (
    <div className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-sand-200">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-800">
        <AlertTriangle aria-hidden="true" className="h-6 w-6" />
      </span>
      <h3 className="mt-4 text-2xl text-ink-900">{answered ? GET_FAILED_MESSAGE : FETCH_FAILED_MESSAGE}</h3>
      <p className="mx-auto mt-2 max-w-lg text-ink-600">{answered ? error.message : 'Check your connection and try again.'}</p>
      {retryCosts && !outOfCredits && <p className="mx-auto mt-2 max-w-lg text-sm text-ink-600">No credit was used. Trying again uses 1 credit once the list is ready.</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {outOfCredits && !renderPackages && (
          <Link to="/pricing" className={buttonClass('primary', 'md')}>
            <Coins aria-hidden="true" className="h-4 w-4" />
            Buy Credits
          </Link>
        )}
        {!outOfCredits && (
          <Button onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Try Again{retryCosts && <span className="whitespace-nowrap font-normal opacity-80"> · 1 credit</span>}
          </Button>
        )}
      </div>
      {outOfCredits && renderPackages && <div className="mt-8 border-t border-sand-200 pt-8 text-left">{renderPackages()}</div>}
    </div>
  )
}

type ListBodyProps = { groups: ProductGroup[]; message: string | null; charged: boolean; retrying: boolean; onRetry: () => void }

function ListBody({ groups, message, charged, retrying, onRetry }: ListBodyProps) {
  if (groups.length === 0) {
    return (
      <div className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-sand-200">
        <p className="text-lg font-medium text-ink-900">{NO_PRODUCTS_MESSAGE}</p>
        <Button className="mt-5" onClick={onRetry} disabled={retrying}>
          {retrying ? <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" /> : <RotateCcw aria-hidden="true" className="h-4 w-4" />}
          Try Again
        </Button>
      </div>
    )
  }
  return (
    <div className="space-y-4">
      {message && (
        <p role="note" className="flex items-start gap-3 rounded-2xl bg-amber-50 px-5 py-4 text-amber-950 ring-1 ring-amber-200">
          <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span>
            <strong className="font-semibold">{message.replace(/[.\s]+$/, '')}.</strong> Showing popular picks for bathrooms instead.
          </span>
        </p>
      )}
      {charged && (
        <p className="flex items-center gap-2 text-sm text-ink-600">
          <Coins aria-hidden="true" className="h-4 w-4 shrink-0" />1 credit was used for this list. Opening it again is free.
        </p>
      )}
      {groups.map((group) => (
        <CategoryPanel key={group.category} group={group} />
      ))}
      {groups.some((group) => group.products.some((product) => product.affiliate)) && (
        <p className="pt-2 text-sm text-ink-600">Some links are affiliate links: if you buy, we may earn a small commission at no extra cost to you.</p>
      )}
    </div>
  )
}

/** A collapsible category; every panel starts open (spec §2). */
function CategoryPanel({ group }: { group: ProductGroup }) {
  const [open, setOpen] = useState(true)
  const panelId = useId()
  const Icon = CATEGORY_ICONS[group.category]
  return (
    <div className="rounded-3xl bg-white shadow-sm ring-1 ring-sand-200">
      <h3 className="font-sans">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className={cn('flex w-full items-center gap-3 px-5 py-4 text-left hover:bg-sand-50 sm:px-6', open ? 'rounded-t-3xl' : 'rounded-3xl')}
        >
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <span className="flex-1 font-display text-xl text-ink-900">{group.category}</span>
          <span className="text-sm text-ink-600">
            {group.products.length} {group.products.length === 1 ? 'item' : 'items'}
          </span>
          <ChevronDown aria-hidden="true" className={cn('h-5 w-5 shrink-0 text-ink-600 transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="px-5 pb-2 sm:px-6">
        <ul className="divide-y divide-sand-200 border-t border-sand-200">
          {group.products.map((product) => (
            <li key={product.id}>
              <ProductRow product={product} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/** A picture of the product's kind from our own imagery (see CATEGORY_PICTURES): decorative, its name is beside it. */
function CategoryPicture({ category }: { category: ProductCategory }) {
  const picture = CATEGORY_PICTURES[category]
  return (
    <span aria-hidden="true" className="block h-20 w-20 shrink-0 overflow-hidden rounded-xl bg-sand-100 ring-1 ring-sand-200 sm:h-24 sm:w-24" data-testid="product-picture">
      <img
        src={versionedImageUrl(imageUrl('styles', picture.style, 480, 'webp'))}
        alt=""
        loading="lazy"
        width={480}
        height={360}
        className="h-full w-full object-cover"
        style={{ objectPosition: `${picture.x}% ${picture.y}%`, transform: `scale(${picture.zoom})`, transformOrigin: `${picture.x}% ${picture.y}%` }}
      />
    </span>
  )
}

/** One product: a picture of its kind, its name, a price band and the retailer, and a link that says what it opens. */
function ProductRow({ product }: { product: Product }) {
  const newTabNoteId = useId()
  return (
    <article className="flex gap-4 py-5 sm:items-center sm:gap-6">
      <CategoryPicture category={product.category} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h4 className="font-sans text-base font-semibold text-ink-900">{product.name}</h4>
          <p className="mt-1 max-w-2xl text-sm text-ink-600">{product.description}</p>
          <dl className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <div>
              <dt className="sr-only">Typical price</dt>
              <dd className="rounded-full bg-sand-100 px-2.5 py-0.5 font-medium text-ink-700" data-testid="price-band">
                {CATEGORY_PRICE_BANDS[product.category]} <span className="font-normal text-ink-600">typical</span>
              </dd>
            </div>
            <div>
              <dt className="sr-only">Retailer</dt>
              <dd className="text-ink-600">
                {product.price} at <span className="font-medium text-ink-900">{product.source}</span>
              </dd>
            </div>
          </dl>
        </div>
        <div className="shrink-0">
          <a href={product.link} target="_blank" rel={shopLinkRel(product.affiliate)} aria-describedby={newTabNoteId} className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}>
            {/* The name read out is 'Shop {product} at {retailer}'; the eye sees where it goes. */}
            Shop<span className="sr-only"> {product.name}</span> at {product.source}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </a>
          <span id={newTabNoteId} className="sr-only">
            Opens in a new tab{product.affiliate ? '. Affiliate link: we may earn a commission.' : ''}
          </span>
        </div>
      </div>
    </article>
  )
}

/** Issue 22: the design a list belongs to, beside the list (step 4 and the My Designs detail). */
function DesignBeside({ design }: { design: DesignView }) {
  return (
    <figure className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200 lg:sticky lg:top-24" data-testid="list-design">
      <img src={design.transformed_image_url} alt={`Your design: ${design.design_title}`} className="aspect-[4/3] w-full object-cover" />
      <figcaption className="space-y-2 p-4">
        <p className="font-display text-lg text-ink-900">{design.design_title}</p>
        {design.color_palette !== 'surprise-me' && isPaletteId(design.color_palette) && (
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <PaletteSwatch palette={design.color_palette} />
            {paletteLabel(design.color_palette)}
          </p>
        )}
      </figcaption>
    </figure>
  )
}
