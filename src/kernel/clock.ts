/** Injected time source so TTL, expiry and rotation logic can be tested without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const nowSeconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);
export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);
export const addDays = (d: Date, days: number) => addSeconds(d, days * 86400);
