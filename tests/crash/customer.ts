// One customer of the crash test: a cookie jar over fetch, and the two purchases a customer makes
// the way the browser does without JavaScript (form posts, plus the cart and slot endpoints).

/** A lab offering a test for walk-in collection. */
export type Offer = { testId: string; labId: string };

export type Attempt =
  | { kind: "order"; key: string; outcome: "ok"; orderId: string; testIds: string[] }
  | { kind: "booking"; key: string; outcome: "ok"; testId: string; labId: string; date: string; time: string }
  | { kind: "order" | "booking"; key: string; outcome: "refused"; status: number; step: string }
  /** No answer: the server died (or did not answer in time) while the request was in flight. */
  | { kind: "order" | "booking"; key: string; outcome: "no-answer"; step: string };

const REQUEST_TIMEOUT_MS = 30_000;

class NoAnswer extends Error {
  constructor(readonly step: string) {
    super(`no answer at ${step}`);
  }
}

class Refused extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
  ) {
    super(`${step} answered ${status}`);
  }
}

export class Customer {
  private readonly cookies = new Map<string, string>();
  /** The session's anti-CSRF token, read from a page's hidden field after signing up. */
  private csrf: string | undefined;

  constructor(
    readonly origin: string,
    readonly email: string,
  ) {}

  private async request(step: string, path: string, init: { method?: string; form?: Record<string, string>; json?: unknown } = {}) {
    const headers: Record<string, string> = { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    let body: string | undefined;
    if (init.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(this.csrf ? { ...init.form, csrf: this.csrf } : init.form).toString();
    } else if (init.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.json);
    }
    if (body !== undefined) headers.Origin = this.origin;
    let response: Response;
    try {
      response = await fetch(`${this.origin}${path}`, {
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new NoAnswer(step);
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Reads the body so the connection is reused; a body cut off by the crash does not matter. */
  private async drain(response: Response) {
    await response.arrayBuffer().catch(() => undefined);
  }

  async signUp(password: string) {
    const response = await this.request("sign-up", "/auth", { form: { intent: "sign-up", email: this.email, password } });
    await this.drain(response);
    if (response.status !== 302 || this.cookies.size === 0) throw new Error(`sign-up of ${this.email} answered ${response.status}`);
    // Like a browser: the forms of every page carry the session's token.
    const page = await this.request("sign-up", "/profile");
    this.csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
    if (!this.csrf) throw new Error(`no anti-CSRF token on /profile for ${this.email} (${page.status})`);
  }

  /** The free walk-in times of the lab that day. */
  private async freeTimes(step: string, offer: Offer, date: string): Promise<string[]> {
    const query = new URLSearchParams({ test: offer.testId, lab: offer.labId, type: "walk_in", date });
    const response = await this.request(step, `/api/slots?${query}`);
    if (response.status !== 200) {
      await this.drain(response);
      throw new Refused(step, response.status);
    }
    let options: { slots: { time: string; status: string }[] | null };
    try {
      options = (await response.json()) as typeof options;
    } catch {
      throw new NoAnswer(step);
    }
    return (options.slots ?? []).filter((slot) => slot.status === "free").map((slot) => slot.time);
  }

  /**
   * Cash on delivery: empty the cart, add the tests, the details step (patient, date, each line's
   * lab and time), then the payment step. Its redirect to the confirmation names the order.
   */
  async placeOrder(key: string, offers: Offer[], date: string): Promise<Attempt> {
    try {
      const times: string[] = [];
      for (const offer of offers) {
        const free = await this.freeTimes("slots", offer, date);
        if (free.length === 0) return { kind: "order", key, outcome: "refused", status: 409, step: "slots" };
        times.push(pick(free));
      }
      const cleared = await this.request("cart", "/api/cart", { json: { intent: "clear" } });
      await this.drain(cleared);
      if (cleared.status !== 200) throw new Refused("cart", cleared.status);
      for (const offer of offers) {
        const added = await this.request("cart", "/api/cart", { json: { intent: "add", testId: offer.testId, quantity: 1 } });
        await this.drain(added);
        if (added.status !== 200) throw new Refused("cart", added.status);
      }
      const form: Record<string, string> = {
        intent: "details",
        patientName: "Crash Test Patient",
        patientEmail: this.email,
        patientPhone: "",
        notes: key,
        scheduledDate: date,
        scheduledTime: times[0],
      };
      offers.forEach((offer, index) => {
        form[`labId:${offer.testId}`] = offer.labId;
        form[`collectionType:${offer.testId}`] = "walk_in";
        form[`slotTime:${offer.testId}`] = times[index];
      });
      const details = await this.request("details", "/checkout", { form });
      await this.drain(details);
      if (details.status !== 302 || !details.headers.get("location")?.includes("step=payment")) throw new Refused("details", details.status);

      const paid = await this.request("pay", "/checkout", { form: { intent: "pay", paymentMethod: "cash_on_delivery" } });
      await this.drain(paid);
      const orderId = /[?&]order=([0-9a-f-]{36})/.exec(paid.headers.get("location") ?? "")?.[1];
      if (paid.status !== 302 || !orderId) throw new Refused("pay", paid.status);
      return { kind: "order", key, outcome: "ok", orderId, testIds: offers.map((offer) => offer.testId) };
    } catch (error) {
      return failed("order", key, error);
    }
  }

  /** Book Test: one test at one lab and time, posted like the booking page's form. */
  async bookTest(key: string, offer: Offer, date: string): Promise<Attempt> {
    try {
      const free = await this.freeTimes("slots", offer, date);
      if (free.length === 0) return { kind: "booking", key, outcome: "refused", status: 409, step: "slots" };
      const time = pick(free);
      const response = await this.request("book", `/book/${offer.testId}`, {
        form: {
          patientName: "Crash Test Patient",
          patientEmail: this.email,
          patientPhone: "",
          notes: key,
          scheduledDate: date,
          scheduledTime: time,
          labId: offer.labId,
          collectionType: "walk_in",
        },
      });
      // The status line is the answer: the booking was committed before the page began to render.
      await this.drain(response);
      if (response.status !== 200) throw new Refused("book", response.status);
      return { kind: "booking", key, outcome: "ok", testId: offer.testId, labId: offer.labId, date, time };
    } catch (error) {
      return failed("booking", key, error);
    }
  }
}

function failed(kind: "order" | "booking", key: string, error: unknown): Attempt {
  if (error instanceof NoAnswer) return { kind, key, outcome: "no-answer", step: error.step };
  if (error instanceof Refused) return { kind, key, outcome: "refused", status: error.status, step: error.step };
  throw error;
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}
