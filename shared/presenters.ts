/** The social platforms a presenter profile may link to, in display order (spec 000 §2). */
export const SOCIAL_PLATFORMS = ['twitter', 'instagram', 'twitch', 'youtube', 'facebook', 'kick', 'website'] as const;

/** One of the social platforms a presenter profile shows. */
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Approved leave covering today: the profile shows 'Returns in N days'. */
export interface PresenterLeave {
  onLeave: true;
  /** Whole days from today (station zone) to the day after the leave ends. */
  returnsInDays: number;
  /** Last day of leave, yyyy-MM-dd. */
  endDate: string;
}

/** A presenter as the public DJ pages see it (GET /api/presenters, /api/presenters/:id). */
export interface PublicPresenter {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  /** The linked account's avatar when set, else the presenter image. */
  image_url: string | null;
  social_links: Partial<Record<SocialPlatform, string>>;
  /** Approved leave covering today, or null. */
  leave: PresenterLeave | null;
}
