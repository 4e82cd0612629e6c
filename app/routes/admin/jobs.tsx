import type { Route } from "./+types/jobs";
import { Badge } from "~/components/ui/badge";
import { adminFormAction, adminLoader } from "~/modules/admin/admin-route.server";
import { AdminHeader } from "~/modules/admin/components/admin-header";
import { AdminTable } from "~/modules/admin/components/admin-table";
import { IntentButton } from "~/modules/admin/components/intent-button";
import { discardDeadJob, retryDeadJob, troubledJobs, type JobRow } from "~/modules/jobs/job-admin.server";
import { jobCountsByKind } from "~/modules/jobs/job-stats.server";
import { DeadJobActionSchema } from "~/modules/jobs/schemas";
import { formFailure, formSuccess } from "~/utils/form-result.server";
import { toastOnArrival } from "~/utils/form-result";
import { z } from "zod";

export const meta: Route.MetaFunction = () => [{ title: "Jobs | Admin | LabTest Hub" }];

export const loader = adminLoader(z.object({}), async () => {
  const [counts, { failed, dead }] = await Promise.all([jobCountsByKind(), troubledJobs()]);
  return { counts, failed, dead };
});

const notDead = { toast: { title: "Error", description: "This job is no longer dead: reload the page to see where it is." } };

export const action = adminFormAction(async (form, admin) => {
  const parsed = DeadJobActionSchema.safeParse(form);
  if (!parsed.success) return formFailure(400, { toast: { title: "Error", description: "Choose a job and what to do with it." } });
  const { intent, jobId } = parsed.data;
  if (intent === "retry") {
    if (!(await retryDeadJob(jobId, admin.id))) return formFailure(404, notDead);
    return formSuccess({ title: "Job queued again", description: `Job ${jobId} will run again shortly.` });
  }
  if (!(await discardDeadJob(jobId, admin.id))) return formFailure(404, notDead);
  return formSuccess({ title: "Job discarded", description: `Job ${jobId} will not run again.` });
});
export const clientAction = toastOnArrival;

const dateTime = new Intl.DateTimeFormat("en-AE", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dubai" });

function waited(seconds: number) {
  if (seconds < 60) return seconds > 0 ? `${Math.round(seconds)} s` : "—";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

const jobColumns = (when: "runAt" | "deadAt") => [
  { header: "Job", cell: (job: JobRow) => <span className="whitespace-nowrap font-mono text-xs">#{job.id}</span> },
  { header: "Kind", cell: (job: JobRow) => <Badge variant="secondary">{job.kind}</Badge> },
  { header: "Attempts", cell: (job: JobRow) => `${job.attempts} of ${job.maxAttempts}` },
  {
    header: when === "runAt" ? "Next attempt" : "Died",
    cell: (job: JobRow) => <span className="whitespace-nowrap">{dateTime.format(new Date((when === "runAt" ? job.runAt : job.deadAt) ?? job.runAt))}</span>,
  },
  { header: "Last error", cell: (job: JobRow) => <span className="break-words text-xs">{job.lastError ?? "—"}</span>, className: "max-w-md" },
];

export default function AdminJobs({ loaderData: { counts, failed, dead } }: Route.ComponentProps) {
  return (
    <div>
      <AdminHeader title="Jobs" subtitle="Background work (e-mails, webhooks, sweeps): what waits, what fails and what gave up." />
      <h2 className="mt-8 text-lg font-semibold">By kind</h2>
      <AdminTable
        className="mt-2"
        rows={counts}
        rowKey={(row) => row.kind}
        label="Jobs by kind"
        empty="No unfinished jobs."
        columns={[
          { header: "Kind", cell: (row) => <span className="font-medium">{row.kind}</span> },
          { header: "Queued", cell: (row) => row.queued },
          { header: "Running", cell: (row) => row.running },
          { header: "Failed", cell: (row) => row.failed },
          { header: "Dead", cell: (row) => (row.dead > 0 ? <Badge variant="destructive">{row.dead}</Badge> : 0) },
          { header: "Oldest due", cell: (row) => waited(row.oldestDueSeconds) },
        ]}
      />
      <h2 className="mt-8 text-lg font-semibold">Dead</h2>
      <p className="text-sm text-muted-foreground">Failed on every attempt. Retry runs a job again from its first attempt; Discard gives up on it for good. Both are recorded.</p>
      <AdminTable
        className="mt-2"
        rows={dead}
        label="Dead jobs"
        rowKey={(job) => String(job.id)}
        empty="No dead jobs."
        columns={jobColumns("deadAt")}
        actions={(job) => (
          <>
            <IntentButton intent="retry" fields={{ jobId: String(job.id) }} size="sm" label={`Retry job ${job.id}`}>
              Retry
            </IntentButton>
            <IntentButton intent="discard" fields={{ jobId: String(job.id) }} size="sm" variant="outline" label={`Discard job ${job.id}`}>
              Discard
            </IntentButton>
          </>
        )}
      />
      <h2 className="mt-8 text-lg font-semibold">Failed, waiting to retry</h2>
      <AdminTable className="mt-2" label="Failed jobs" rows={failed} rowKey={(job) => String(job.id)} empty="No failed jobs." columns={jobColumns("runAt")} />
    </div>
  );
}
