/**
 * Whether this process still takes work. A process asked to stop drains: readiness turns
 * false (the load balancer stops sending it requests) while what is in flight finishes.
 */
export class Lifecycle {
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  drain(): void {
    this.draining = true;
  }
}
