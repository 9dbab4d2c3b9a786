// Clients: added from /clients (in the header menu), a report started from the client's page or
// from New Report, the client's page listing it, the editor changing a report's client, and a
// client changed and deleted from their page.
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, controlledByServiceWorker, expectToast, registerThroughUi } from './support';
import { dismissToasts } from './reports-support';
import { expectNoAxeViolations } from './a11y-support';

const SHOTS = 'test-results/clients-screens';

test.describe.configure({ timeout: 180_000 });
test.use(PHONE);

test('a client is created, a report started from them, and the client page lists it', async ({ page }) => {
  await registerThroughUi(page);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  await page.getByLabel('Name').fill('Harbour View Hotel');
  // The server's check, said on the form: a phone holds digits, spaces and + ( ) - . only.
  await page.getByLabel('Phone').fill('call me');
  await page.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /phone/i })).toBeVisible();
  await page.getByLabel('Phone').fill('+1 (555) 010-2030');
  await page.getByLabel('Email').fill('front@harbour.example');
  await page.screenshot({ path: `${SHOTS}/add-client-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add Client' }).click();

  await expect(page).toHaveURL(/\/clients\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour View Hotel' })).toBeVisible();
  await expect(page.getByRole('link', { name: '+1 (555) 010-2030' })).toHaveAttribute('href', 'tel:+15550102030');
  await expect(page.getByRole('link', { name: 'front@harbour.example' })).toHaveAttribute('href', 'mailto:front@harbour.example');
  const clientUrl = page.url();
  await page.screenshot({ path: `${SHOTS}/client-phone.png`, fullPage: true });

  await page.getByRole('button', { name: 'New report for Harbour View Hotel' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  await expectToast(page, 'Report Created');
  await page.getByTestId('field-camera').getByRole('button', { name: 'Stop Camera' }).click();
  await expect(page.getByLabel('Client name')).toHaveValue('Harbour View Hotel');
  await dismissToasts(page);

  await page.goto(clientUrl);
  await expect(page.getByRole('heading', { level: 2, name: '1 report' })).toBeVisible();
  await expect(page.getByTestId('project-card')).toContainText('Harbour View Hotel');
  await page.getByTestId('project-card').getByRole('link').click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);

  await page.goto('/clients');
  await page.getByLabel('Search clients').fill('harb');
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  await expect(page.getByTestId('client-card')).toContainText('1 report');
});

test("New Report offers a client; the report's client can be changed from the editor, and the client pages follow", async ({ page }) => {
  await registerThroughUi(page);
  const headers = { origin: new URL(page.url()).origin };
  for (const name of ['Maple Court', 'Birch House']) {
    expect((await page.request.post('/api/clients', { headers, data: { name } })).status()).toBe(201);
  }
  const clients = (await (await page.request.get('/api/clients')).json()) as { id: number; name: string }[];
  const idOf = (name: string) => clients.find((client) => client.name === name)!.id;

  // New Report → from a template, for a client.
  await page.goto('/projects');
  await page.getByRole('button', { name: 'From a template' }).click();
  await page.getByLabel('Blank report').check();
  await page.getByLabel('For a client (optional)').selectOption({ label: 'Maple Court' });
  await page.screenshot({ path: `${SHOTS}/new-report-for-client-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/\?project=\d+$/);
  const projectId = Number(new URL(page.url()).searchParams.get('project'));
  await page.getByTestId('field-camera').getByRole('button', { name: 'Stop Camera' }).click();
  await expect(page.getByLabel('Client name')).toHaveValue('Maple Court');
  const field = page.getByLabel('Client', { exact: true });
  await expect(field).toHaveValue(String(idOf('Maple Court')));

  // Changed from the editor: the report moves to the other client's page; its name stays as written.
  await field.selectOption({ label: 'Birch House' });
  await expectToast(page, 'Client linked');
  await expect(field).toHaveValue(String(idOf('Birch House')));
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/editor-client-phone.png` });
  const stored = (await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as { clientId: number; clientName: string };
  expect(stored).toMatchObject({ clientId: idOf('Birch House'), clientName: 'Maple Court' });
  await page.getByRole('link', { name: 'Open client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Birch House' })).toBeVisible();
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  await page.goto(`/clients/${idOf('Maple Court')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maple Court' })).toBeVisible();
  await expect(page.getByTestId('project-card')).toHaveCount(0);

  // Unlinked: no client.
  await page.goto(`/?project=${projectId}`);
  await page.getByLabel('Client', { exact: true }).selectOption({ label: 'No client' });
  await expectToast(page, 'Client unlinked');
  expect(((await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as { clientId: number | null }).clientId).toBeNull();
});

test('a client is changed and then deleted from their page; their report stays, unlinked, with its name', async ({ page }) => {
  await registerThroughUi(page);
  const headers = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/clients', { headers, data: { name: 'Cedar Lofts', phone: '555 0100', email: 'desk@cedar.example' } });
  const client = (await created.json()) as { id: number };
  const report = await page.request.post('/api/projects', { headers, data: { clientId: client.id, description: 'Lobby' } });
  const { id: projectId } = (await report.json()) as { id: number };

  await page.goto(`/clients/${client.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.locator('form', { has: page.getByRole('heading', { name: "Change the client's details" }) });
  await expect(form.getByLabel('Name')).toHaveValue('Cedar Lofts');
  await form.getByLabel('Phone').fill('call me');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert').filter({ hasText: /phone/i })).toBeVisible();
  await expectNoAxeViolations(page, 'client page, editing, with an error');
  await form.getByLabel('Phone').fill('+1 555 0199');
  await form.getByLabel('Email').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Client saved');
  await expect(form).toBeHidden();
  await expect(page.getByRole('link', { name: '+1 555 0199' })).toHaveAttribute('href', 'tel:+15550199');
  await expect(page.getByRole('link', { name: 'desk@cedar.example' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this client?' });
  await expect(dialog).toContainText('Their reports stay');
  await expectNoAxeViolations(page, 'delete client dialog');
  await page.screenshot({ path: `${SHOTS}/delete-client-phone.png` });
  await dialog.getByRole('button', { name: 'Delete client' }).click();
  await expectToast(page, 'Client deleted');
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByTestId('client-card')).toHaveCount(0);
  const kept = (await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as { clientId: number | null; clientName: string };
  expect(kept).toMatchObject({ clientId: null, clientName: 'Cedar Lofts' });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);
  test('the clients screens at 1280x800', async ({ page }) => {
    await registerThroughUi(page);
    await page.goto('/clients');
    await page.getByLabel('Name').fill('José Álvarez');
    await page.getByRole('button', { name: 'Add Client' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'José Álvarez' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/client-desktop.png` });
    await page.goto('/clients');
    await expect(page.getByTestId('client-card')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/clients-desktop.png` });
  });
});

test('with no signal, a report started from a client is kept for them and reaches the server linked to them, or named after them if they were deleted meanwhile', async ({
  page,
  context,
}) => {
  await registerThroughUi(page);
  const addClient = async (name: string) => {
    const made = await context.request.post('/api/clients', { data: { name } });
    expect(made.status()).toBe(201);
    return ((await made.json()) as { id: number }).id;
  };
  const reportsOf = async (clientId: number) =>
    (await (await context.request.get(`/api/projects?clientId=${clientId}`)).json()) as Array<{ clientName: string; clientId: number | null }>;
  const dental = await addClient('Quay Street Dental');
  const bakery = await addClient('Olive Bakery');
  await page.goto('/clients');
  await controlledByServiceWorker(page);
  await expect(page.getByTestId('client-card')).toHaveCount(2);

  // Offline, from each client's page (both were seen online).
  await context.setOffline(true);
  for (const [id, name] of [
    [dental, 'Quay Street Dental'],
    [bakery, 'Olive Bakery'],
  ] as const) {
    await page.getByTestId('client-card').filter({ hasText: name }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/clients/${id}$`));
    await page.getByRole('button', { name: `New report for ${name}` }).click();
    await expect(page).toHaveURL(/\/\?project=-\d+$/);
    await expectToast(page, 'Report Created');
    await expect(page.getByLabel('Client name')).toHaveValue(name);
    await dismissToasts(page);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/clients$/);
  }
  // Meanwhile the bakery is deleted from another phone: its report still reaches the server, under its name.
  expect((await context.request.delete(`/api/clients/${bakery}`)).status()).toBe(200);

  await context.setOffline(false);
  await expect.poll(async () => (await reportsOf(dental)).length, { timeout: 30_000 }).toBe(1);
  expect((await reportsOf(dental))[0]).toMatchObject({ clientName: 'Quay Street Dental', clientId: dental });
  await expect
    .poll(async () => (await (await context.request.get('/api/projects?q=olive')).json()) as Array<{ clientName: string; clientId: number | null }>, {
      timeout: 30_000,
    })
    .toEqual([expect.objectContaining({ clientName: 'Olive Bakery', clientId: null })]);
  await page.goto(`/clients/${dental}`);
  await expect(page.getByRole('heading', { level: 2, name: '1 report' })).toBeVisible();
});
