/**
 * A dependency's state from its probes, with hysteresis: down only after `downAfter` consecutive failed probes, up
 * again only after `upAfter` consecutive answered ones. A store that answers late now and then under load (a 3 s probe
 * on a starved host) is then not reported down and up hundreds of times an hour; one that is really away is reported
 * after a few probes. It starts up: the first probes of a store that is away say so after `downAfter` of them.
 * Every probe of the dependency in this process (readiness, the metrics scrape) counts toward the same state.
 */
export class ProbeHysteresis {
  private up = true;
  private failures = 0;
  private successes = 0;

  constructor(
    private readonly downAfter: number,
    private readonly upAfter: number,
  ) {}

  /** Counts one probe's result; returns whether the dependency is now reported up. */
  record(answered: boolean): boolean {
    if (answered) {
      this.failures = 0;
      this.successes += 1;
      if (!this.up && this.successes >= this.upAfter) this.up = true;
    } else {
      this.successes = 0;
      this.failures += 1;
      if (this.up && this.failures >= this.downAfter) this.up = false;
    }
    return this.up;
  }

  get isUp(): boolean {
    return this.up;
  }
}
