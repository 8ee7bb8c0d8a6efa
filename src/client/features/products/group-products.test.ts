import { describe, expect, it } from 'vitest'
import type { Product, ProductCategory } from '../../../shared/products'
import { groupProductsByCategory, shopLinkLabel, shopLinkRel } from './group-products'

function product(id: string, category: ProductCategory): Product {
  return { id, name: `Item ${id}`, description: '', price: 'Search for price', image: null, link: 'https://www.amazon.com/s?k=x', category, source: 'Amazon', affiliate: false, searchTerms: ['x'] }
}

describe('groupProductsByCategory', () => {
  it('groups in catalogue order and keeps the order within a category', () => {
    const groups = groupProductsByCategory([product('1', 'Textiles'), product('2', 'Fixtures'), product('3', 'Textiles'), product('4', 'Lighting')])
    expect(groups.map((group) => group.category)).toEqual(['Fixtures', 'Lighting', 'Textiles'])
    expect(groups[2]?.products.map((item) => item.id)).toEqual(['1', '3'])
  })

  it('gives no groups for no products', () => {
    expect(groupProductsByCategory([])).toEqual([])
  })
})

describe('retailer links', () => {
  it('marks affiliate links as sponsored and never passes the opener', () => {
    expect(shopLinkRel(true)).toBe('noopener noreferrer sponsored')
    expect(shopLinkRel(false)).toBe('noopener noreferrer')
  })

  it('names each link by product and retailer', () => {
    expect(shopLinkLabel({ name: 'Towel bar set', source: 'Home Depot' })).toBe('Shop Towel bar set at Home Depot')
  })
})
