import { Link } from "react-router";
import {
  BadgePercent,
  FileText,
  FlaskConical,
  House,
  Info,
  Star,
  TestTubes,
  Users,
} from "~/components/ui/icons";
import type { Icon } from "~/components/ui/icons";
import { ProsePage } from "~/modules/content/prose-page";

export type Stat = {
  label: string;
  value: string;
  detail?: string;
  icon: Icon;
};

const stats: Stat[] = [
  { label: "Patients served", value: "10,000+", icon: Users },
  { label: "Tests and packages", value: "2,000+", icon: TestTubes },
  { label: "Partner labs", value: "20+", icon: FlaskConical },
  { label: "Savings", value: "Up to 50%", detail: "when you compare lab prices", icon: BadgePercent },
  { label: "Average rating", value: "4.8 / 5", detail: "from 500+ reviews", icon: Star },
  { label: "Home collection", value: "At your door", detail: "across Abu Dhabi", icon: House },
  { label: "Digital results", value: "Online", detail: "delivered securely", icon: FileText },
];

const steps: { title: string; body: string }[] = [
  {
    title: "Search",
    body: "Look up a test by name, symptom or health goal, or browse categories such as Heart Health, Diabetes & Metabolism, Vitamin & Mineral and Executive Health.",
  },
  {
    title: "Compare partner-lab prices",
    body: "See what each licensed partner lab charges for the same test, together with the expected turnaround time and any preparation you need, such as fasting. Every price is shown in AED and already includes VAT.",
  },
  {
    title: "Book",
    body: "Choose the patient, a date and a time, then pay securely by card or select cash on delivery. You can book for yourself or for a family member from the same account.",
  },
  {
    title: "Home collection",
    body: "A trained, licensed phlebotomist visits your home, hotel or office at the time you chose, collects the sample hygienically and takes it to the lab.",
  },
  {
    title: "Digital results",
    body: "Most results are ready within 24 to 48 hours; specialised tests can take 3 to 7 days. Reports are delivered digitally and are easy to print or share with your doctor, so there is nothing to pick up in person.",
  },
];

/** The numbers of the About page, as cards (both languages' pages). */
export function StatList({ stats }: { stats: Stat[] }) {
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
      {stats.map(({ label, value, detail, icon: Icon }) => (
        <div key={label} className="flex flex-col rounded-lg border border-border bg-background p-4">
          <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {label}
          </dt>
          <dd className="mt-2 text-xl font-semibold leading-tight text-foreground">
            <bdi>{value}</bdi>
            {detail ? <span className="mt-1 block text-xs font-normal leading-snug text-muted-foreground">{detail}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function AboutPage() {
  return (
    <ProsePage
      title="About LabTest Hub"
      intro="LabTest Hub is Abu Dhabi's marketplace for laboratory tests. We help you find the right test, compare prices from licensed partner labs and book a home sample collection in a few minutes."
    >
      <section aria-labelledby="about-mission">
        <h2 id="about-mission">Our mission</h2>
        <p>
          Knowing your numbers should not be complicated or expensive. Yet for many people in the
          UAE, getting a simple blood test still means phoning several clinics, guessing at prices
          and taking time off work to sit in a waiting room. We started LabTest Hub to change that.
        </p>
        <p>
          Our mission is to make preventive and routine lab testing transparent, affordable and
          convenient for every resident of Abu Dhabi. We bring the tests of trusted, licensed
          laboratories together in one place, show clear prices up front and let you choose where,
          when and how your sample is collected.
        </p>
      </section>

      <section aria-labelledby="about-numbers">
        <h2 id="about-numbers">LabTest Hub in numbers</h2>
        <StatList stats={stats} />
      </section>

      <section aria-labelledby="about-how">
        <h2 id="about-how">How the marketplace works</h2>
        <p>
          LabTest Hub is a marketplace, not a laboratory. We partner with licensed labs and
          collection providers and give you a single, simple way to reach them.
        </p>
        <ol>
          {steps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.body}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-why">
        <h2 id="about-why">Why people choose us</h2>
        <ul>
          <li>
            <strong>Transparent pricing.</strong> Prices are shown in AED with VAT included, so the
            amount you see is the amount you pay. Any home collection fee is shown clearly before you
            confirm.
          </li>
          <li>
            <strong>Licensed partners only.</strong> Every partner lab holds a valid licence from the
            relevant UAE health authority and follows its quality and reporting standards.
          </li>
          <li>
            <strong>Flexible bookings.</strong> You can reschedule or cancel up to 2 hours before
            your appointment, and track every order and booking from your dashboard.
          </li>
          <li>
            <strong>Privacy by design.</strong> Your health information is handled in line with UAE
            data-protection law and is shared only with the lab that performs your test. Read our{" "}
            <Link to="/privacy">Privacy Policy</Link> for details.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-contact">
        <h2 id="about-contact">Get started or get in touch</h2>
        <p>
          Ready to book? <Link to="/search">Search all lab tests and packages</Link> or read our{" "}
          <Link to="/faqs">frequently asked questions</Link> to learn more about home collection,
          results and payments.
        </p>
        <p>
          Our support team in Abu Dhabi is happy to help you choose a test or manage a booking.
          E-mail <a href="mailto:support@labtesthub.ae">support@labtesthub.ae</a> or call{" "}
          <a href="tel:+97125550100">+971 2 555 0100</a>.
        </p>
      </section>

      <section
        aria-labelledby="about-disclaimer"
        className="mt-12 rounded-lg border border-border p-5 text-sm leading-6 text-muted-foreground"
      >
        <h2
          id="about-disclaimer"
          className="flex items-center gap-2 mt-0! text-base! text-foreground"
        >
          <Info aria-hidden="true" className="size-4 shrink-0 text-primary" />
          Medical disclaimer
        </h2>
        <p className="mt-2!">
          The information on LabTest Hub is provided for general information only and is not medical
          advice, diagnosis or treatment. Lab results should always be interpreted by a qualified
          healthcare professional. Health check-up packages require a doctor&apos;s referral or an
          initial consultation. If you have urgent symptoms, contact your doctor or call 998 for an
          ambulance.
        </p>
      </section>
    </ProsePage>
  );
}
