/** With the u flag, a surrogate not paired into a code point is one of General_Category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when any string (or key) in a parsed JSON body holds a lone surrogate. Iterative: deep nesting cannot overflow the stack. */
export function hasMalformedText(body: unknown): boolean {
  const stack: unknown[] = [body];
  let seen = 0;
  while (stack.length) {
    const v = stack.pop();
    if (++seen > 200_000) return false;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}
