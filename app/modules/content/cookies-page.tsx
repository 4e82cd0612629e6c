import { Link } from "react-router";
import { ProsePage } from "~/modules/content/prose-page";

export function CookiesPage() {
  return (
    <ProsePage
      title="Cookie Policy"
      intro="LabTest Hub uses a small number of cookies and browser storage items to keep you signed in, remember your cart and make bookings work. This policy explains each one."
      updated="1 November 2026"
    >
      <h2 id="cookies-1">1. What cookies and browser storage are</h2>
      <p>
        Cookies are small text files that a website stores in your browser and reads back on later
        visits. Browsers also offer <strong>local storage</strong>, which keeps information on your
        device until it is cleared, and <strong>session storage</strong>, which keeps information
        only until you close the browser tab. We use all three, but only for the purposes described
        below.
      </p>

      <h2 id="cookies-2">2. Strictly necessary cookies</h2>
      <p>These cookies are essential for the website to work and cannot be switched off on our side.</p>
      <ul>
        <li>
          <strong>Session cookie.</strong> When you sign in, we set a secure session cookie that
          identifies your signed-in session so you can view your dashboard, book tests and check out
          without signing in on every page. It holds a random identifier, not your password or health
          information, and stops working when you sign out or the session expires.
        </li>
        <li>
          <strong>Trusted device cookie.</strong> When you sign in, we also set a cookie, kept for a
          year, that tells us this browser has signed in to your account before. It lets you sign in
          and ask for a password reset from it even while someone else is guessing at your account
          elsewhere. It holds a random device identifier and a fingerprint of your e-mail address (not the address),
          signed by us, not your password or health information. Signing out keeps it; clearing your
          cookies removes it.
        </li>
        <li>
          <strong>Notification cookie.</strong> A short-lived cookie carries a one-time message to
          the next page you see, for example to confirm that a booking was submitted or that you
          have signed out. It is deleted once the message has been shown or shortly
          afterwards.
        </li>
      </ul>
      <p>
        Because these cookies are required to provide the service you ask for, we do not ask for
        consent before setting them.
      </p>

      <h2 id="cookies-3">3. Local and session storage</h2>
      <ul>
        <li>
          <strong>Guest cart (local storage, key &lsquo;cart&rsquo;).</strong> If you add tests to
          your cart without signing in, we store the cart items (test, name, price and quantity) in
          your browser under the key &lsquo;cart&rsquo;. This lets your cart survive page reloads
          and return visits. The data stays on your device and is not sent to us until you sign in
          or check out. Once you are signed in, your cart is kept with your account instead.
        </li>
        <li>
          <strong>Pending booking draft (session storage).</strong> If you start a booking before
          signing in, we temporarily keep the details you entered (the test, date, time, patient
          name, e-mail, phone and notes) in session storage. After you sign in or create an account,
          the booking is submitted and the draft is deleted straight away. If you close the tab
          first, your browser discards it.
        </li>
      </ul>

      <h2 id="cookies-4">4. Analytics</h2>
      <p>
        We use analytics only when the website operator has configured an analytics ID. In that
        case, a third-party analytics script is loaded to help us understand, in aggregate, which
        pages are visited and how people find the website. The analytics provider may set its own
        cookies to distinguish visitors and sessions. We do not use analytics to build advertising
        profiles, and we do not send patient details or test results to analytics providers.
      </p>
      <p>
        When no analytics ID is configured, no analytics script is loaded and no analytics cookies
        are set.
      </p>

      <h2 id="cookies-5">5. What we do not use</h2>
      <ul>
        <li>advertising or retargeting cookies;</li>
        <li>social media tracking pixels;</li>
        <li>cookies that sell or share your browsing behaviour with data brokers.</li>
      </ul>

      <h2 id="cookies-6">6. Managing cookies and storage</h2>
      <p>
        You can view, block or delete cookies and site data in your browser settings, usually under
        &ldquo;Privacy&rdquo; or &ldquo;Site data&rdquo;. Most browsers also offer private browsing,
        which clears cookies and storage when you close the window. Please note:
      </p>
      <ul>
        <li>if you block the session cookie, you will not be able to sign in, book or check out;</li>
        <li>if you clear local storage, any guest cart you have built will be emptied;</li>
        <li>blocking analytics cookies does not affect how the website works.</li>
      </ul>

      <h2 id="cookies-7">7. Your personal data</h2>
      <p>
        Information collected through cookies and storage is handled in line with our{" "}
        <Link to="/privacy">Privacy Policy</Link> and UAE Federal Decree-Law No. 45 of 2021 on the
        Protection of Personal Data. Our <Link to="/terms">Terms of Service</Link> explain the rules
        for using LabTest Hub.
      </p>

      <h2 id="cookies-8">8. Changes to this policy</h2>
      <p>
        If we add or change a cookie or storage item, we will update this page and the date at the
        top. Significant changes, such as introducing a new category of cookies, will be highlighted
        on the website.
      </p>

      <h2 id="cookies-9">9. Contact us</h2>
      <p>
        Questions about cookies or your data? Contact LabTest Hub in Abu Dhabi at{" "}
        <a href="mailto:support@labtesthub.ae">support@labtesthub.ae</a> or call{" "}
        <a href="tel:+97125550100">+971 2 555 0100</a>.
      </p>
    </ProsePage>
  );
}
