// A local webhook receiver: the booking_created deliveries show that the jobs queued in a
// booking's transaction ran, across crashes (the job id travels as the Idempotency-Key).
import { createServer, type Server } from "node:http";

export class WebhookReceiver {
  /** Booking ids whose booking_created event arrived. */
  readonly bookingIds = new Set<string>();
  /** The job ids delivered (a job retried after a crash arrives twice: at least once, not exactly once). */
  readonly jobIds = new Set<string>();
  deliveries = 0;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        try {
          const envelope = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { type?: string; data?: { booking?: { id?: string } } };
          this.deliveries++;
          const jobId = req.headers["idempotency-key"];
          if (typeof jobId === "string") this.jobIds.add(jobId);
          if (envelope.type === "booking_created" && envelope.data?.booking?.id) this.bookingIds.add(envelope.data.booking.id);
          res.writeHead(200).end("ok");
        } catch {
          res.writeHead(400).end("bad body");
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    if (!address || typeof address === "string") throw new Error("the webhook receiver has no port");
    return `http://127.0.0.1:${address.port}/hook`;
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
