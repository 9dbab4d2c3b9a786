// The client answers on the link, signed out: flags a pair with a pin and a note, then approves
// with a drawn signature (phone, by touch and pointer); the same with the keyboard only (desktop).
// The owner's report then carries both (through the API, and on the report's page, where the issue
// is resolved, and the PDF the phone builds prints the approval).
import { expect, test, type Page } from '@playwright/test';
import type { Project } from '../src/shared/contract/projects';
import { DESKTOP, PHONE, actAsNewVisitor, answerFilenameDialog, expectToast, recordShareSheet, registerThroughUi, sharedFiles } from './support';
import { extractPageTexts } from '../src/server/test-support/pdf-inspection';
import { expectNoAxeViolations } from './a11y-support';
import { seedReport } from './reports-support';

const SHOTS = 'test-results/client-answers';

async function ownerLink(page: Page, baseURL: string): Promise<{ projectId: number; url: string }> {
  await registerThroughUi(page, { businessName: 'Sparkle Cleaning' });
  const { projectId } = await seedReport(page, baseURL, 'Jane Smith', 2);
  const link = await page.request.post(`/api/projects/${projectId}/share-links`, { headers: { origin: baseURL }, data: {} });
  expect(link.status()).toBe(201);
  return { projectId, url: ((await link.json()) as { url: string }).url };
}

async function readOwnersReport(page: Page, projectId: number): Promise<Project> {
  const response = await page.request.get(`/api/projects/${projectId}?images=url`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Project;
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a signed-out client pins a note on a pair, then approves with a drawn signature and a rating', async ({ page, baseURL, browser }) => {
    test.setTimeout(150_000);
    await recordShareSheet(page);
    const { projectId, url } = await ownerLink(page, baseURL!);
    const client = await (await browser.newContext(PHONE)).newPage();
    await actAsNewVisitor(client);
    await client.goto(url);
    await expect(client.getByRole('heading', { level: 1, name: 'Jane Smith' })).toBeVisible();
    await expect(client.getByText(/never your address/)).toBeVisible();

    await client.getByRole('button', { name: 'Something’s not right? (pair 2)' }).click();
    const area = client.getByTestId('issue-pin-area');
    const box = (await area.boundingBox())!;
    await client.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await expect(area).toHaveAttribute('aria-valuetext', /25% from the left, 75% from the top/);
    await client.getByLabel('What is not right?').fill('Streaks left on the glass');
    await client.screenshot({ path: `${SHOTS}/issue-form-phone.png` });
    await client.getByRole('button', { name: 'Send to the business' }).click();
    await expect(client.getByText('Sent. The business will be in touch.')).toBeVisible();

    await client.getByLabel('Your name').fill('Jane Smith');
    const pad = client.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const padBox = (await pad.boundingBox())!;
    await client.mouse.move(padBox.x + 20, padBox.y + padBox.height / 2);
    await client.mouse.down();
    await client.mouse.move(padBox.x + padBox.width / 2, padBox.y + 20, { steps: 6 });
    await client.mouse.move(padBox.x + padBox.width - 20, padBox.y + padBox.height - 20, { steps: 6 });
    await client.mouse.up();
    await client.locator('label', { hasText: '4 stars' }).click();
    await client.getByRole('button', { name: 'Approve', exact: true }).click();
    // Nothing is approved until the confirm step.
    await expect(client.getByText('Approve this job as Jane Smith?')).toBeVisible();
    await client.screenshot({ path: `${SHOTS}/approve-confirm-phone.png` });
    expect((await readOwnersReport(page, projectId)).approval).toBeNull();
    await client.getByRole('button', { name: 'Yes, approve' }).click();
    await expect(client.getByText('Approved by Jane Smith. Thank you!')).toBeVisible();
    await client.screenshot({ path: `${SHOTS}/approved-phone.png`, fullPage: true });

    const report = await readOwnersReport(page, projectId);
    expect(report.approval).toMatchObject({ name: 'Jane Smith', rating: 4, superseded: false });
    expect(report.issues).toHaveLength(1);
    expect(report.issues[0]).toMatchObject({ pairId: report.photoPairs[1]!.id, note: 'Streaks left on the glass' });
    expect(report.issues[0]!.x).toBeCloseTo(0.25, 1);
    expect(report.issues[0]!.y).toBeCloseTo(0.75, 1);

    // The owner's list marks the report; the report shows both, the pin where the client put it, and resolves the issue.
    await page.goto('/');
    await expect(page.getByTestId('project-card').getByTestId('card-open-issues')).toHaveText('1 issue to resolve');
    await page.screenshot({ path: `${SHOTS}/owner-list-phone.png` });
    await page.goto(`/?project=${projectId}`);
    const answers = page.getByTestId('client-answers');
    await expect(answers.getByTestId('client-approval')).toContainText('Approved by Jane Smith');
    await expect(answers.getByTestId('client-approval')).toContainText('Rating: 4 of 5');
    await expect(answers).toContainText('1 issue to resolve');
    const issue = answers.getByTestId('client-issue');
    await expect(issue).toContainText('Pair 2');
    await expect(issue).toContainText('Streaks left on the glass');
    await expect(issue.getByRole('img', { name: /After photo of pair 2, with the client's pin 2[45]% from the left and 7[56]% from the top/ })).toBeVisible();
    await expectNoAxeViolations(page, "the report with the client's answers");
    await answers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/owner-answers-phone.png` });
    await issue.getByLabel('What was done (optional)').fill('Re-cleaned the glass on Tuesday');
    await issue.getByRole('button', { name: 'Resolve' }).click();
    await expectToast(page, 'Issue resolved');
    await expect(issue.getByTestId('issue-resolved')).toContainText('Re-cleaned the glass on Tuesday');
    await expect(answers).not.toContainText('to resolve');
    expect((await readOwnersReport(page, projectId)).issues[0]).toMatchObject({ resolutionNote: 'Re-cleaned the glass on Tuesday' });

    // The PDF the phone builds prints the approval on its first page, and the resolved issue after the pairs.
    await page.getByRole('button', { name: 'Export to PDF' }).click();
    await answerFilenameDialog(page);
    // Built in the page after a large chunk loads: more than 10 s on a busy machine.
    await expect.poll(async () => (await sharedFiles(page)).length, { timeout: 30_000 }).toBe(1);
    const pageTexts = await extractPageTexts((await sharedFiles(page))[0]!.bytes);
    const firstPage = pageTexts[0];
    expect(pageTexts.join('\n')).toMatch(/Pair 2 · Streaks left on the glass\s+Resolved \d+ \w+ \d{4}: Re-cleaned the glass on Tuesday/);
    await page.goto('/');
    await expect(page.getByTestId('project-card').getByTestId('card-approved')).toHaveText('Approved by the client');
    expect(firstPage).toMatch(/Approved by Jane Smith · \d+ \w+ \d{4} \d{2}:\d{2} · version [0-9a-f]{6}…/);
  });
});

test.describe('the owner sets how clients answer', () => {
  test.use(PHONE);

  test('in /account: the re-clean window turned off and a review link; the link page then offers no flag, says to contact the business, and shows the review link', async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(150_000);
    const { url } = await ownerLink(page, baseURL!);
    await page.goto('/account');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Client answers' }) });
    const hours = card.getByLabel('Re-clean window (hours)');
    await expect(hours).toHaveValue('24');
    await hours.fill('200');
    await card.getByLabel('Review link (optional)').fill('http://g.page/r/sparkle');
    await card.getByRole('button', { name: 'Save' }).click();
    // Each field says what is wrong under it, and nothing is saved.
    await expect(hours).toHaveAttribute('aria-invalid', 'true');
    await expect(card.getByText('The re-clean window must be a whole number of hours from 0 to 168.')).toBeVisible();
    await expect(card.getByText('The review link must start with https://')).toBeVisible();
    expect(await (await page.request.get('/api/user/client-answers')).json()).toEqual({ reCleanWindowHours: 24, reviewUrl: null });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/account-client-answers-errors-phone.png` });

    await hours.fill('0');
    await card.getByLabel('Review link (optional)').fill('https://g.page/r/sparkle');
    await card.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Settings saved');
    expect(await (await page.request.get('/api/user/client-answers')).json()).toEqual({ reCleanWindowHours: 0, reviewUrl: 'https://g.page/r/sparkle' });

    const client = await (await browser.newContext(PHONE)).newPage();
    await actAsNewVisitor(client);
    await client.goto(url);
    await expect(client.getByRole('heading', { level: 1, name: 'Jane Smith' })).toBeVisible();
    await expect(client.getByText('The time to report a problem online has passed. Please contact the business directly.')).toBeVisible();
    await expect(client.getByRole('button', { name: /Something’s not right\?/ })).toHaveCount(0);
    await expect(client.getByRole('link', { name: 'Leave a review' })).toHaveAttribute('href', 'https://g.page/r/sparkle');
    // Approving still works with the window off.
    await expect(client.getByLabel('Your name')).toBeVisible();
    await client.context().close();
  });
});

test.describe('with the keyboard only', () => {
  test.use(DESKTOP);

  test('a client flags a pair and approves without a pointer', async ({ page, baseURL, browser }) => {
    test.setTimeout(150_000);
    const { projectId, url } = await ownerLink(page, baseURL!);
    const client = await (await browser.newContext(DESKTOP)).newPage();
    await actAsNewVisitor(client);
    await client.goto(url);
    await expect(client.getByRole('heading', { level: 1, name: 'Jane Smith' })).toBeVisible();

    const flag = client.getByRole('button', { name: 'Something’s not right? (pair 1)' });
    await flag.focus();
    await client.keyboard.press('Enter');
    const area = client.getByTestId('issue-pin-area');
    await area.focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown']) await client.keyboard.press(key);
    await expect(area).toHaveAttribute('aria-valuetext', /60% from the left, 55% from the top/);
    await client.keyboard.press('Tab');
    await expect(client.getByLabel('What is not right?')).toBeFocused();
    await client.keyboard.type('The oven door still has grease');
    await client.getByRole('button', { name: 'Send to the business' }).focus();
    await client.keyboard.press('Enter');
    await expect(client.getByText('Sent. The business will be in touch.')).toBeVisible();

    await client.getByLabel('Your name').focus();
    await client.keyboard.type('Sam Lee');
    await client.keyboard.press('Enter');
    await expect(client.getByText('Approve this job as Sam Lee?')).toBeVisible();
    await expect(client.getByRole('button', { name: 'Yes, approve' })).toBeFocused();
    await client.screenshot({ path: `${SHOTS}/approve-confirm-desktop.png` });
    await client.keyboard.press('Enter');
    await expect(client.getByText('Approved by Sam Lee. Thank you!')).toBeVisible();

    const report = await readOwnersReport(page, projectId);
    expect(report.approval).toMatchObject({ name: 'Sam Lee', rating: null });
    expect(report.issues[0]).toMatchObject({ x: 0.6, y: 0.55, note: 'The oven door still has grease' });

    // The owner resolves it from the keyboard too.
    await page.goto(`/?project=${projectId}`);
    const issue = page.getByTestId('client-issue');
    await expect(issue).toContainText('The oven door still has grease');
    await issue.getByLabel('What was done (optional)').focus();
    await page.keyboard.type('Degreased the door');
    await page.keyboard.press('Tab');
    await expect(issue.getByRole('button', { name: 'Resolve' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(issue.getByTestId('issue-resolved')).toContainText('Degreased the door');
    await page.getByTestId('client-answers').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/owner-answers-desktop.png` });
  });
});
