import { PRODUCT_CATEGORIES, type Product, type ProductCategory } from '../../../shared/products'

export type ProductGroup = { category: ProductCategory; products: Product[] }

/**
 * Products by category, in the catalogue's category order (Fixtures, Lighting, Hardware, Storage, Decor,
 * Accessories, Textiles); within a category they keep the server's order. Empty categories are left out.
 */
export function groupProductsByCategory(products: readonly Product[]): ProductGroup[] {
  const byCategory = new Map<ProductCategory, Product[]>()
  for (const product of products) {
    const group = byCategory.get(product.category)
    if (group) group.push(product)
    else byCategory.set(product.category, [product])
  }
  return PRODUCT_CATEGORIES.flatMap((category) => {
    const group = byCategory.get(category)
    return group ? [{ category, products: group }] : []
  })
}

/** The rel of a retailer link: always no opener/referrer; affiliate links are marked sponsored. */
export function shopLinkRel(affiliate: boolean): string {
  return affiliate ? 'noopener noreferrer sponsored' : 'noopener noreferrer'
}

/** A shop link's accessible name says what it opens (issue 22), e.g. 'Shop Towel bar set at Home Depot'. */
export function shopLinkLabel(product: Pick<Product, 'name' | 'source'>): string {
  return `Shop ${product.name} at ${product.source}`
}
