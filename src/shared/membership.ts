/** spec §3 user_profiles.membership_tier: 'free' until a package is bought, then 'paid'. */
export const MEMBERSHIP_TIERS = ['free', 'paid'] as const
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number]
