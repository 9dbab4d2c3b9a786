// /accessibility (issue 15): the accessibility statement, open to everyone, linked from the landing
// page's footer. It says which standard the app meets, how that is checked, what does not meet it
// yet, and whom to write to. Keep it true: change it with the tests it describes.
import { Link } from 'wouter';
import { ACCESSIBILITY_CONTACT_EMAIL, ACCESSIBILITY_STATEMENT_DATE, PRODUCT_NAME } from '@shared/rules';
import { BrandMark } from '../components/brand-mark';
import { usePageTitle } from '../lib/page-title';

const TESTED = [
  'axe-core checks every page and every dialog against WCAG 2.2 AA in each run of our browser tests, on a phone screen (390 × 844) and a desktop screen (1280 × 800), in English and in Spanish. Any problem it finds fails the run.',
  'Keyboard-only journeys run in the same tests: creating an account, creating a report, choosing a photo file, saving it as before and as after, pairing the photos and exporting the PDF, with Tab, Shift+Tab, Enter, Space and the arrow keys only.',
  'The tests also check that focus moves into each dialog and back to the button that opened it, that messages are announced to screen readers, and that each screen has its own page title.',
  'By hand, we go through the main screens with the keyboard at both sizes to see the focus ring, and check them at 320 CSS pixels wide (as at 400% zoom) for sideways scrolling.',
];

const LIMITS = [
  'PDF reports are not tagged PDFs: a screen reader reads their text but not their structure, and their photos have no text alternative. The client link page shows the same report as an accessible web page.',
  'The camera preview has no audio or text description of what the camera sees. Photos are described by their type (before or after) and their pair, not by what they show.',
  'We have not yet tested with screen reader users; our checks are the automated tests and the keyboard checks above.',
  'After you delete a photo, Undo is offered for a few seconds only, in a message at the edge of the screen; a deleted report cannot be undone at all, so the app asks first.',
  'When real card payments are switched on, the card fields are provided by our payment processor (Stripe) in its own frame; we do not control their accessibility.',
];

/** The statement itself. */
export default function AccessibilityPage() {
  usePageTitle('accessibility');
  const reviewed = new Date(`${ACCESSIBILITY_STATEMENT_DATE}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-4">
        <Link href="/" className="inline-flex min-h-11 items-center rounded-lg">
          <BrandMark hiddenSuffix=", home" />
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Accessibility statement</h1>
        <p className="mt-3 text-lg text-slate-700">
          {PRODUCT_NAME} is for every cleaning crew, whatever the device, the language or the way they use it. This statement covers the {PRODUCT_NAME} web app and the client link pages it makes.
        </p>

        <section aria-labelledby="standard" className="mt-8">
          <h2 id="standard" className="text-xl font-semibold">
            The standard
          </h2>
          <p className="mt-2 text-slate-700">
            We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. The app is usable with a keyboard alone, shows a clear focus ring, announces its messages, names every screen in its title, and holds still when your device asks for reduced motion.
          </p>
        </section>

        <section aria-labelledby="testing" className="mt-8">
          <h2 id="testing" className="text-xl font-semibold">
            How we test it
          </h2>
          <ul className="mt-2 list-disc space-y-2 pl-6 text-slate-700">
            {TESTED.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="limits" className="mt-8">
          <h2 id="limits" className="text-xl font-semibold">
            Known limits
          </h2>
          <ul className="mt-2 list-disc space-y-2 pl-6 text-slate-700">
            {LIMITS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="contact" className="mt-8">
          <h2 id="contact" className="text-xl font-semibold">
            Tell us about a problem
          </h2>
          <p className="mt-2 text-slate-700">
            If something in {PRODUCT_NAME} is hard to use for you, write to{' '}
            <a href={`mailto:${ACCESSIBILITY_CONTACT_EMAIL}`} className="font-medium text-brand-700 underline underline-offset-4">
              {ACCESSIBILITY_CONTACT_EMAIL}
            </a>
            . Tell us the screen and what happened, and we will answer you and fix what we can.
          </p>
        </section>

        <p className="mt-10 text-sm text-slate-600">
          This statement was last reviewed on <time dateTime={ACCESSIBILITY_STATEMENT_DATE}>{reviewed}</time>.
        </p>
      </main>
    </div>
  );
}
