import { Link } from "react-router";
import { ProsePage } from "~/modules/content/prose-page";

export function PrivacyPage() {
  return (
    <ProsePage
      title="Privacy Policy"
      intro="Your health information is personal. This policy explains what data LabTest Hub collects, why we collect it, who we share it with and the choices you have."
      updated="1 November 2026"
    >
      <h2 id="privacy-1">1. Who we are</h2>
      <p>
        LabTest Hub is an online marketplace, based in Abu Dhabi, that connects patients with
        licensed partner labs in the United Arab Emirates. We are responsible for the personal data
        described in this policy. We process it in accordance with UAE Federal Decree-Law No. 45 of
        2021 on the Protection of Personal Data (the &ldquo;PDPL&rdquo;) and other applicable UAE
        laws, including the rules that govern health information.
      </p>

      <h2 id="privacy-2">2. What we collect</h2>
      <p>We collect only what we need to provide the service:</p>
      <ul>
        <li>
          <strong>Account data:</strong> your e-mail address and a password, which is stored in
          hashed form and never visible to us.
        </li>
        <li>
          <strong>Profile data:</strong> your first name, last name and phone number.
        </li>
        <li>
          <strong>Patient details for bookings:</strong> the patient&apos;s name, e-mail address and
          phone number, the test booked, the appointment date and time, and any notes you add, such
          as access instructions or health information you choose to share with the lab.
        </li>
        <li>
          <strong>Orders:</strong> the tests in your cart and orders, prices, totals, payment method
          and payment and order status.
        </li>
        <li>
          <strong>Technical data:</strong> the cookies and browser storage described in our{" "}
          <Link to="/cookies">Cookie Policy</Link>, and basic server logs such as IP address and
          browser type that help us keep the service secure.
        </li>
      </ul>
      <p>
        The fact that a person has booked a particular lab test can reveal information about their
        health. We therefore treat booking details and any health information as sensitive personal
        data and handle them with particular care.
      </p>

      <h2 id="privacy-3">3. Card payments</h2>
      <p>
        If you pay by card, you enter your card details on the secure checkout page of our payment
        provider, which processes the payment under industry security standards. We never see or
        store your full card number. We receive only the information needed to confirm the payment,
        such as whether it succeeded and a payment reference. If you choose cash on delivery, no card
        data is involved.
      </p>

      <h2 id="privacy-4">4. How we use your data</h2>
      <ul>
        <li>to create and manage your account and show your orders and bookings in your dashboard;</li>
        <li>to arrange your appointment and home sample collection with the partner lab;</li>
        <li>to process payments, refunds and cancellations;</li>
        <li>to contact you about your booking, results and support requests;</li>
        <li>to keep the service secure, prevent fraud and meet our legal obligations;</li>
        <li>to understand how the website is used and improve it, where analytics is enabled.</li>
      </ul>
      <p>
        We rely on the performance of our contract with you, our legal obligations, our legitimate
        interests in running a safe and reliable service, and, where required, your consent. We do
        not sell your personal data and do not use your health information for advertising.
      </p>

      <h2 id="privacy-5">5. Who we share it with</h2>
      <ul>
        <li>
          <strong>Partner labs:</strong> the lab that performs your test receives the patient
          details and booking information it needs to collect, analyse and report on your sample.
          As a licensed healthcare provider, the lab keeps its own medical records under UAE health
          laws.
        </li>
        <li>
          <strong>Service providers:</strong> companies that host our database, handle sign-in,
          process payments, send e-mails and, if enabled, provide analytics. They act on our
          instructions and must protect your data.
        </li>
        <li>
          <strong>Authorities:</strong> government or health authorities when the law requires it.
        </li>
      </ul>
      <p>
        Where a service provider processes data outside the UAE, we make sure the transfer is
        permitted under the PDPL and that appropriate safeguards are in place.
      </p>

      <h2 id="privacy-6">6. How we protect your data</h2>
      <p>
        Data is encrypted in transit, access to personal and health data is restricted to staff and
        partners who need it for your booking, and customers can only see their own orders and
        bookings. No system is completely secure, but we review our safeguards regularly and will
        notify you and the relevant authority of a data breach where the law requires.
      </p>

      <h2 id="privacy-7">7. How long we keep it</h2>
      <ul>
        <li>Account and profile data: for as long as your account is open.</li>
        <li>
          Orders, payments and bookings: for the period required by UAE tax and commercial law,
          generally at least five years for records that support VAT.
        </li>
        <li>
          Support messages: for up to two years after your request is resolved.
        </li>
      </ul>
      <p>
        When data is no longer needed, we delete or anonymise it. Test results and medical records
        held by partner labs are kept by those labs for the periods set by UAE health regulations.
      </p>

      <h2 id="privacy-8">8. Your rights</h2>
      <p>Under the PDPL, you have the right to:</p>
      <ul>
        <li>obtain information about the personal data we hold about you and receive a copy;</li>
        <li>correct inaccurate or incomplete data; you can update your profile yourself at any time;</li>
        <li>request deletion of your data, subject to the retention periods above;</li>
        <li>restrict or object to certain processing, and withdraw consent where we rely on it;</li>
        <li>ask us to transfer your data to another provider where technically possible.</li>
      </ul>
      <p>
        To exercise your rights, e-mail us from the address linked to your account. We may need to
        verify your identity and will respond within the time required by law. If you are not
        satisfied with our response, you can complain to the UAE Data Office.
      </p>

      <h2 id="privacy-9">9. Children</h2>
      <p>
        Accounts are for adults aged 18 and over. A parent or legal guardian may book tests for a
        child and is responsible for providing the child&apos;s details.
      </p>

      <h2 id="privacy-10">10. Changes to this policy</h2>
      <p>
        We may update this policy from time to time. The date at the top of this page shows the
        latest version, and we will tell you about significant changes by e-mail or on the website.
      </p>

      <h2 id="privacy-11">11. Contact us</h2>
      <p>
        For any privacy question or request, contact LabTest Hub in Abu Dhabi by e-mail at{" "}
        <a href="mailto:support@labtesthub.ae">support@labtesthub.ae</a> or by phone on{" "}
        <a href="tel:+97125550100">+971 2 555 0100</a>.
      </p>
    </ProsePage>
  );
}
