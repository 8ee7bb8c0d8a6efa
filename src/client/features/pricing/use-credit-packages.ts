import { useQuery } from '@tanstack/react-query'
import type { CreditPackage } from '../../../shared/packages'
import { apiFetch } from '../../lib/api'

export function fetchCreditPackages(signal?: AbortSignal) {
  return apiFetch<{ packages: CreditPackage[] }>('/api/credit-packages', { signal }).then((body) => body.packages)
}

export function useCreditPackages() {
  return useQuery({ queryKey: ['credit-packages'], queryFn: ({ signal }) => fetchCreditPackages(signal) })
}
