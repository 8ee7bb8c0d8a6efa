import { describe, expect, it } from 'vitest'
import { DEFAULT_RETAILER, retailerLink } from './products'

describe('retailer links', () => {
  it('Amazon searches carry the associate tag when there is one, and are then affiliate links', () => {
    expect(retailerLink('Amazon', ['cotton bath towel set'], 'lavo-20')).toEqual({ url: 'https://www.amazon.com/s?k=cotton%20bath%20towel%20set&tag=lavo-20', source: 'Amazon', affiliate: true })
    expect(retailerLink('amazon', ['towels'])).toEqual({ url: 'https://www.amazon.com/s?k=towels', source: 'Amazon', affiliate: false })
  })

  it('Home Depot, Lowes and Wayfair get their own search pages and never the tag', () => {
    expect(retailerLink('Home Depot', ['towel bar'], 'lavo-20')).toEqual({ url: 'https://www.homedepot.com/s/towel%20bar', source: 'Home Depot', affiliate: false })
    expect(retailerLink("Lowe's", ['vanity light'], 'lavo-20')).toEqual({ url: 'https://www.lowes.com/search?searchTerm=vanity%20light', source: 'Lowes', affiliate: false })
    expect(retailerLink('wayfair', ['mirror'], 'lavo-20')).toEqual({ url: 'https://www.wayfair.com/keyword.php?keyword=mirror', source: 'Wayfair', affiliate: false })
  })

  it('Any other retailer becomes a web search', () => {
    expect(retailerLink('Target', ['bath mat'], 'lavo-20')).toEqual({ url: 'https://www.google.com/search?q=bath%20mat', source: 'Web search', affiliate: false })
  })

  it('Search terms are encoded, so they cannot add parameters of their own', () => {
    const { url } = retailerLink('Amazon', ['mat&tag=someone-else'], 'lavo-20')
    expect(new URL(url).searchParams.getAll('tag')).toEqual(['lavo-20'])
    expect(new URL(url).searchParams.get('k')).toBe('mat&tag=someone-else')
  })

  it('spec §9 retailer defaults by category', () => {
    expect(DEFAULT_RETAILER).toEqual({ Fixtures: 'Home Depot', Hardware: 'Home Depot', Lighting: 'Lowes', Decor: 'Wayfair', Storage: 'Amazon', Accessories: 'Amazon', Textiles: 'Amazon' })
  })
})
