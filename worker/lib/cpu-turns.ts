/**
 * CPU-heavy synchronous work (the tech edit of a 50,000-character pattern, an audit of a long listing)
 * takes turns in an isolate (issue 23, decision 0028). An isolate runs one request's synchronous code at
 * a time, so ten such requests arriving together would otherwise run back to back while another user's
 * page or health check waits behind all of them. Each turn starts after the one before it has finished
 * and after a timer tick, so the events already waiting (other users' requests) run in between: another
 * request waits for at most one turn, not ten.
 */
let tail: Promise<unknown> = Promise.resolve();

export function cpuTurn<T>(work: () => T): Promise<T> {
  const turn = tail.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0))).then(work);
  tail = turn.catch(() => undefined);
  return turn;
}
