import { z } from './zod'
import type { ChangeGroup } from '../change-groups'
import type { Product } from '../products'

/** spec §3 user_designs as the API returns it. */
export type DesignView = {
  id: string
  original_image_url: string
  transformed_image_url: string
  style: string
  color_palette: string
  room_type: string
  /** What the redesign changed (decision 0045); every group for designs made before the choice existed. */
  changes: ChangeGroup[]
  design_title: string
  is_fallback: boolean
  method_used: string
  credits_used: number
  created_at: string
  has_products: boolean
}

export type DesignPage = { designs: DesignView[]; nextCursor: string | null; total: number }

export type ProductList = { designId: string; products: Product[]; analysisUsed: boolean; message: string | null; charged: boolean }

export const DesignListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
})

/**
 * POST /api/designs/:id/products: a product list is made (and 1 credit spent) only when the member has agreed to
 * the charge in so many words. Reading a list (GET) never charges; reopening a paid list through POST is free too.
 */
export const ProductListRequestSchema = z.object({
  acceptCharge: z.literal(true, { message: 'Please confirm that this product list may use 1 credit' }),
})
export type ProductListRequest = z.infer<typeof ProductListRequestSchema>
export type ProductListRequestInput = z.input<typeof ProductListRequestSchema>
