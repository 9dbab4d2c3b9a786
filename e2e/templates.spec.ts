// /templates: a built-in template copied and changed (renamed, an area added, moved and removed,
// minimums set), then offered by New Report and used for a report, then deleted.
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, expectToast, registerThroughUi } from './support';
import { expectNoAxeViolations, registerThroughApi, useDeviceLocale } from './a11y-support';

const SHOTS = 'test-results/templates-screens';

test.describe.configure({ timeout: 180_000 });

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a copy of Deep clean is renamed, given a Garage, reordered and trimmed, used for a report, then deleted', async ({ page }) => {
    await registerThroughUi(page);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'From a template' }).click();
    await page.getByRole('link', { name: 'Change the templates' }).click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Job templates' })).toBeVisible();
    await expectNoAxeViolations(page, 'templates');

    await page.getByRole('button', { name: 'Copy Deep clean' }).click();
    await expectToast(page, 'Template copied');
    const editor = page.getByTestId('template-editor');
    await expect(editor.getByLabel('Name')).toHaveValue('Deep clean (copy)');
    await editor.getByLabel('Name').fill('Deep clean with garage');
    const areas = editor.getByTestId('template-area');
    const before = await areas.count();
    const firstArea = await editor.getByLabel('Area 1').inputValue();
    await editor.getByRole('button', { name: 'Add an area' }).click();
    await expect(areas).toHaveCount(before + 1);
    await editor.getByLabel(`Area ${before + 1}`).fill('Garage');
    await areas.last().getByLabel('Before photos').fill('2');
    await editor.getByRole('button', { name: 'Move Garage up' }).click();
    await editor.getByRole('button', { name: `Remove ${firstArea}` }).click();
    await expect(areas).toHaveCount(before);
    await expectNoAxeViolations(page, 'template editor');
    await page.screenshot({ path: `${SHOTS}/editor-phone.png`, fullPage: true });
    await editor.getByRole('button', { name: 'Save template' }).click();
    await expectToast(page, 'Template saved');
    await expect(editor).toBeHidden();

    const templates = (await (await page.request.get('/api/templates')).json()) as {
      id: string;
      name: string;
      builtIn: boolean;
      areas: { name: string; minBefore: number }[];
    }[];
    const mine = templates.find((template) => template.name === 'Deep clean with garage')!;
    expect(mine.builtIn).toBe(false);
    const names = mine.areas.map((area) => area.name);
    expect(names).not.toContain(firstArea);
    expect(names.at(-2)).toBe('Garage');
    expect(mine.areas.at(-2)!.minBefore).toBe(2);

    // New Report offers it, and a report made from it has the Garage where it was put.
    await page.goto('/projects');
    await page.getByRole('button', { name: 'From a template' }).click();
    await page.getByLabel(/^Deep clean with garage/).check();
    await page.getByRole('button', { name: 'Create report' }).click();
    await expect(page).toHaveURL(/\/\?project=\d+$/);
    const projectId = Number(new URL(page.url()).searchParams.get('project'));
    const report = (await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as { areas: { name: string }[] };
    expect(report.areas.map((area) => area.name)).toContain('Garage');

    // Deleted: no longer offered; the report keeps its areas.
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Delete Deep clean with garage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this template?' });
    await expectNoAxeViolations(page, 'delete template dialog');
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await expectToast(page, 'Template deleted');
    await expect(page.getByTestId('template-card').filter({ hasText: 'Deep clean with garage' })).toHaveCount(0);
    const kept = (await (await page.request.get(`/api/projects/${projectId}?images=url`)).json()) as { areas: { name: string }[] };
    expect(kept.areas.map((area) => area.name)).toContain('Garage');
  });
});

test.describe('in Spanish on a desktop', () => {
  test.use({ ...DESKTOP, locale: 'es-ES' });

  test('the templates and the editor, in Spanish: axe finds no violation', async ({ page, baseURL }) => {
    await useDeviceLocale(page, 'es');
    await registerThroughApi(page, baseURL!, 'Limpiezas Sol', 'es');
    await page.goto('/templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de trabajo' })).toBeVisible();
    await page.getByRole('button', { name: 'Copiar Limpieza estándar' }).click();
    await expect(page.getByTestId('template-editor').getByLabel('Nombre')).toHaveValue('Limpieza estándar (copia)');
    await expectNoAxeViolations(page, 'template editor (es, desktop)');
    await page.screenshot({ path: `${SHOTS}/editor-es-desktop.png`, fullPage: true });
  });
});
