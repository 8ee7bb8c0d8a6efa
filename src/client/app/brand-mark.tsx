/** The Lavo mark: a water drop over a tile grid. */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="9" fill="#175752" />
      <path d="M1 16h30M16 1v30" stroke="#2e7d77" strokeWidth="1.5" />
      <path d="M16 7c3.6 4.6 5.6 7.9 5.6 10.6a5.6 5.6 0 1 1-11.2 0C10.4 14.9 12.4 11.6 16 7z" fill="#fbfaf7" />
    </svg>
  )
}
