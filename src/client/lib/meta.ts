/** Title and description for a page's <head>. */
export function pageMeta(title: string, description: string) {
  return [{ title: title === 'Lavo' ? 'Lavo — Redesign your bathroom from a photo' : `${title} · Lavo` }, { name: 'description', content: description }]
}
