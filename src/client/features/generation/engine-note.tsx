import { Info } from 'lucide-react'

/** Honest about who made the picture (non-negotiable 6): shown wherever a result of the built-in engine is. */
export function EngineNote({ count = 1 }: { count?: number }) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800">
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {count === 1 ? 'This image was' : 'These images were'} made by Lavo’s built-in design engine, which restyles the colours and surfaces of your own photo.{' '}
      {count === 1 ? 'It was' : 'They were'} not made by an AI model.
    </p>
  )
}
