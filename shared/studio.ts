/** The end-of-show summary of the On Air console (GET /api/on-air/summary). */
export interface ShowSummary {
  /** The presenter's latest live session; null when they have never been live (or have no presenter record). */
  session: {
    id: string;
    show_title: string | null;
    /** Epoch seconds. */
    started_at: number;
    /** Epoch seconds; null while still on air. */
    ended_at: number | null;
  } | null;
  /** Tracks played in the session, oldest first, with the votes cast on them during the session. */
  tracks: { played_at: number; title: string; artist: string; up_votes: number; down_votes: number }[];
  /** Song requests the presenter handled during the session (approved, played or rejected). */
  requests_handled: number;
  /** Shoutouts the presenter read (marked completed) during the session. */
  shoutouts_read: number;
  /** Listeners during the session: peak, average and listening hours (issue 21); absent with no session. */
  audience?: { peak: number | null; average: number | null; listening_hours: number };
}

