import { isPaletteId } from '../../../shared/catalogue/palettes'
import { isStyleId } from '../../../shared/catalogue/styles'
import type { DesignView } from '../../../shared/schemas/designs'
import { saveLastTransformation, savePaletteChoice, saveRoomType, saveStyleChoice } from '../../lib/browser-storage'

/** spec §4: opening a design's recommendations remembers the design for the wizard. */
export function rememberDesign(design: DesignView) {
  if (isStyleId(design.style)) saveStyleChoice(design.style)
  savePaletteChoice(isPaletteId(design.color_palette) ? design.color_palette : 'surprise-me')
  saveRoomType('bathroom')
  saveLastTransformation({ id: design.id, image: design.transformed_image_url, title: design.design_title })
}

