// What My Designs shows a signed-in member (the grid, and a paid member's product lists with the packages), in one
// module that the page loads only once it knows someone is signed in: a signed-out visitor, who is sent the
// prerendered invitation, never downloads it (issue 17, first-load JavaScript).
export { DesignCollection } from '../features/designs/design-collection'
export { DesignDetailHeader } from '../features/designs/design-detail-header'
export { PackagePicker } from '../features/pricing/package-picker'
export { ProductRecommendations } from '../features/products/product-recommendations'
export { rememberDesign } from '../features/designs/remember-design'
