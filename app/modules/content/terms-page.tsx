import { Link } from "react-router";
import type { ChangePolicyFacts } from "~/modules/booking/change-policy";
import { ProsePage } from "~/modules/content/prose-page";
import { changeCutoffSentence, freeCancellationSentence, lateCancellationSentence } from "~/modules/content/policy-text";

/** The Terms of Service; section 6 states the change policy from the numbers the code applies. */
export function TermsPage({ policy }: { policy: ChangePolicyFacts }) {
  return (
    <ProsePage
      title="Terms of Service"
      intro="These terms explain how LabTest Hub works, what you can expect from us and what we expect from you when you book lab tests through our website."
      updated="27 November 2026"
    >
      <h2 id="terms-1">1. About these terms</h2>
      <p>
        These Terms of Service (the &ldquo;Terms&rdquo;) govern your use of the LabTest Hub website
        and the services offered through it. LabTest Hub (&ldquo;we&rdquo;, &ldquo;us&rdquo;) is
        based in Abu Dhabi, United Arab Emirates. By creating an account, placing an order or
        booking a test, you agree to these Terms. If you do not agree, please do not use the
        service.
      </p>

      <h2 id="terms-2">2. Our role as a marketplace</h2>
      <p>
        LabTest Hub is an online marketplace that connects patients with licensed partner labs. We
        display tests and health packages, show the prices set by our partners, and take bookings
        and payments on their behalf. We are not a laboratory or a healthcare provider.
      </p>
      <ul>
        <li>
          Sample collection, analysis and reporting are carried out by the partner lab you choose,
          which is licensed by the relevant UAE health authority and is responsible for the clinical
          quality of its services.
        </li>
        <li>
          We are responsible for the operation of the website, the accuracy of the booking
          information we pass to the lab, and customer support for your order.
        </li>
      </ul>

      <h2 id="terms-3">3. Your account</h2>
      <p>
        You can browse tests and keep a cart without an account, but you must sign in to book a
        test or check out. You must be at least 18 years old to create an account. You may book for
        another person, such as a child or relative, only if you are authorised to do so and to share
        their details with us.
      </p>
      <p>
        You are responsible for keeping your password confidential and for the accuracy of the
        information you provide. Please tell us immediately at{" "}
        <a href="mailto:support@labtesthub.ae">support@labtesthub.ae</a> if you suspect
        unauthorised use of your account.
      </p>

      <h2 id="terms-4">4. Bookings and orders</h2>
      <p>You can use LabTest Hub in two ways:</p>
      <ul>
        <li>
          <strong>Bookings:</strong> book a single test for a named patient on a chosen date and
          time.
        </li>
        <li>
          <strong>Orders:</strong> add one or more tests to your cart and check out. Each test in an
          order creates a booking for the date and time you select at checkout.
        </li>
      </ul>
      <p>
        A booking or order is accepted once you receive our confirmation. Appointment times depend
        on the availability of the partner lab and its phlebotomists. If a lab cannot keep your
        appointment, we will contact you to arrange a new time or cancel with a full refund. Orders
        that remain unpaid after the booking date has passed expire automatically.
      </p>

      <h2 id="terms-5">5. Prices and payment</h2>
      <p>
        All prices are shown in UAE dirhams (AED) and include VAT and any other applicable taxes.
        Where home sample collection carries a fee, it is shown before you confirm. Prices may change
        from time to time, but the price shown when you place your order is the price you pay.
      </p>
      <p>You can pay in one of two ways:</p>
      <ul>
        <li>
          <strong>Card:</strong> you are redirected to our payment provider&apos;s secure checkout
          page. We do not see or store your full card number.
        </li>
        <li>
          <strong>Cash on delivery:</strong> you pay in cash at the time of your appointment. Your
          order remains pending until payment is received.
        </li>
      </ul>

      <h2 id="terms-6">6. Rescheduling, cancellations and refunds</h2>
      <ul>
        <li>{changeCutoffSentence(policy, "en")}</li>
        <li>{freeCancellationSentence(policy, "en")}</li>
        <li>{lateCancellationSentence(policy, "en")}</li>
        <li>
          Nothing is charged in advance for a cash-on-delivery order or a Book Test booking, so
          cancelling one costs nothing and there is nothing to refund.
        </li>
        <li>
          If you reschedule to a lab that charges less, the difference is refunded to your card. A lab
          that charges more can be chosen for a cash-on-delivery booking, which then pays the new
          price at collection; a card payment cannot be topped up, so cancel and book again instead.
        </li>
        <li>
          Refunds are made to the card that paid and take 7-14 business days to reach your account,
          depending on your bank.
        </li>
        <li>
          If the patient is not available at the booked time and place, the appointment may be
          treated as a late cancellation.
        </li>
      </ul>

      <h2 id="terms-7">7. Health check-up packages</h2>
      <p>
        Health check-up packages require a doctor&apos;s referral or an initial consultation before
        the tests are carried out, in line with UAE healthcare regulations. The partner lab may ask
        you to provide the referral or arrange the consultation, and may decline to perform tests
        that are not clinically appropriate. In that case you will receive a full refund.
      </p>

      <h2 id="terms-8">8. Results</h2>
      <p>
        Results are issued by the partner lab and delivered digitally. Turnaround times shown on the
        website are estimates: most results arrive within 24-48 hours, while complex tests can take
        3-7 days. Delays caused by the lab, repeat testing or sample quality are outside our control,
        and we will keep you informed if your results are delayed.
      </p>

      <h2 id="terms-9">9. Information, not medical advice</h2>
      <p>
        The content on LabTest Hub, including test descriptions, preparation instructions, articles
        and health resources, is provided for general information only. It is not medical advice and
        does not replace a consultation with a qualified doctor. Always discuss your results and any
        health concerns with a healthcare professional. In an emergency, call 998.
      </p>

      <h2 id="terms-10">10. Acceptable use</h2>
      <p>When using LabTest Hub, you agree not to:</p>
      <ul>
        <li>provide false information or book tests in another person&apos;s name without consent;</li>
        <li>interfere with the security or operation of the website, or attempt unauthorised access;</li>
        <li>copy, scrape or reuse our content for commercial purposes without written permission.</li>
      </ul>
      <p>We may suspend or close accounts that break these Terms.</p>

      <h2 id="terms-11">11. Liability</h2>
      <p>
        We take reasonable care to keep the website accurate and available, but we do not guarantee
        that it will be uninterrupted or error-free. To the extent permitted by UAE law, our total
        liability for any order is limited to the amount you paid for it, and we are not liable for
        indirect or consequential losses. Nothing in these Terms limits any rights you have under
        UAE consumer protection law or any liability that cannot be excluded by law.
      </p>

      <h2 id="terms-12">12. Privacy</h2>
      <p>
        We handle your personal and health information as described in our{" "}
        <Link to="/privacy">Privacy Policy</Link> and our <Link to="/cookies">Cookie Policy</Link>.
      </p>

      <h2 id="terms-13">13. Changes to these Terms</h2>
      <p>
        We may update these Terms to reflect changes to our services or the law. The date at the top
        of this page shows when they were last changed. Changes do not affect orders placed before
        the update.
      </p>

      <h2 id="terms-14">14. Governing law and disputes</h2>
      <p>
        These Terms are governed by the laws of the Emirate of Abu Dhabi and the federal laws of the
        United Arab Emirates. We will always try to resolve a complaint with you directly first. If we
        cannot, the courts of the Emirate of Abu Dhabi will have jurisdiction.
      </p>

      <h2 id="terms-15">15. Contact us</h2>
      <p>
        Questions about these Terms? E-mail{" "}
        <a href="mailto:support@labtesthub.ae">support@labtesthub.ae</a>, call{" "}
        <a href="tel:+97125550100">+971 2 555 0100</a>, or read our{" "}
        <Link to="/faqs">frequently asked questions</Link>. LabTest Hub, Abu Dhabi, United Arab
        Emirates.
      </p>
    </ProsePage>
  );
}
