import { z } from 'zod'
import type { Product } from '../products'

/** spec §3 user_designs as the API returns it. */
export type DesignView = {
  id: string
  original_image_url: string
  transformed_image_url: string
  style: string
  color_palette: string
  room_type: string
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
