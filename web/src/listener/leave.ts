/** The leave chip of a presenter away today: 'Returns in 1 day', 'Returns in 3 days'. */
export function returnsInText(days: number): string {
  return `Returns in ${days} ${days === 1 ? 'day' : 'days'}`;
}
