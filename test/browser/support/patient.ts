import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Browser, Page } from 'playwright-core';
import { ensureAccount } from '@rxbridge/accounts';
import type { ApplicationState, ApplicationView } from '@rxbridge/contracts';
import type { TestStack } from '../../support/stack';
import { apiClient } from '../../support/http';
import { newSignup, PASSWORD } from '../../support/factories';
import { eventually } from '../../support/billing';
import { driveTo, move as moveOverApi } from '../../applications/helpers';
import { newPage, type TestPage } from './browser';

export type Api = ReturnType<typeof apiClient>;

export interface Patient {
  api: Api;
  /** Where the app is served: the refresh cookie is set for this host. */
  baseUrl: string;
  token: string;
  refreshToken: string;
  expiresIn: number;
  id: string;
  email: string;
  firstName: string;
  checkoutUrl: string | null;
}

/** A patient signed up over the API, from an address of their own (signups are rate-limited per address). */
export async function createPatient(stack: TestStack, overrides: Record<string, unknown> = {}): Promise<Patient> {
  const api = apiClient(stack.apiUrl);
  const signup = newSignup(overrides as never);
  const res = await api.post('/users/signup', signup);
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  const d = res.body.data;
  return {
    api,
    baseUrl: stack.baseUrl,
    token: d.token,
    refreshToken: d.refreshToken,
    expiresIn: d.expiresIn,
    id: d.user.id,
    email: signup.email,
    firstName: signup.firstName,
    checkoutUrl: d.checkoutUrl ?? null,
  };
}

/**
 * Signs the browser in as the patient (the stored session the app reads on start) and opens the dashboard;
 * `welcome` is the greeting it waits for (the Spanish one when the app speaks Spanish).
 */
export async function openDashboard(
  page: Page,
  p: Patient,
  path = '/dashboard',
  welcome = `Welcome back, ${p.firstName}!`,
) {
  // Written by the document itself before the app's scripts run: a value written by another
  // document just before a navigation may not be visible yet to the next one (Chromium can move
  // the next document to another renderer process). Once per tab and patient, so a later logout
  // and reload stay logged out.
  await page.addInitScript(
    (s) => {
      if (sessionStorage.getItem('seededSession') === s.token) return;
      sessionStorage.setItem('seededSession', s.token);
      localStorage.setItem('authToken', s.token);
      localStorage.setItem('authTokenExpiresAt', String(Date.now() + s.expiresIn * 1000));
    },
    { token: p.token, expiresIn: p.expiresIn },
  );
  // The refresh token as the login answer sets it: an HttpOnly cookie for the refresh and logout
  // routes only, never in storage (docs/architecture.md §9).
  await page.context().addCookies(
    ['/api/v1/auth/refresh', '/api/v1/users/logout'].map((path) => ({
      name: 'rxb_refresh',
      value: p.refreshToken,
      domain: new URL(p.baseUrl).hostname,
      path,
      httpOnly: true,
      sameSite: 'Strict' as const,
    })),
  );
  await page.goto(path);
  // Not by role: a dialog the address opens (?billing=…) hides the page from the accessibility tree.
  await page
    .locator('h1')
    .filter({ hasText: welcome })
    .waitFor({ timeout: 30_000 })
    .catch(async (error) => {
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      throw new Error(`The dashboard did not show at ${page.url()}: ${text.slice(0, 300)}\n${String(error)}`);
    });
}

/** The dashboard's greeting in the patient's language (docs/product.md §20). */
const WELCOME = {
  en: (name: string) => `Welcome back, ${name}!`,
  es: (name: string) => `¡Le damos la bienvenida de nuevo, ${name}!`,
};

/** A phone page with the patient's dashboard open in `language`: their preferred language is set first. */
export async function phoneDashboardIn(
  stack: TestStack,
  browser: Browser,
  p: Patient,
  language: keyof typeof WELCOME,
): Promise<TestPage> {
  await stack.api.get(DataSource).query(`UPDATE users SET preferred_language = $2 WHERE id = $1`, [p.id, language]);
  const phone = await newPage(browser, 'phone', stack.baseUrl);
  await openDashboard(phone.page, p, '/dashboard', WELCOME[language](p.firstName));
  return phone;
}

/** A care navigator made as the staff CLI makes one, logged in over the API. */
export async function createNavigator(stack: TestStack) {
  const api = apiClient(stack.apiUrl);
  const email = `nav.${randomBytes(4).toString('hex')}@rxbridge.test`;
  await ensureAccount(stack.api.get(DataSource), {
    email,
    password: PASSWORD,
    role: 'NAVIGATOR',
    firstName: 'Nora',
    lastName: 'Navigator',
  });
  const login = await api.post('/users/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`navigator login answered ${login.status}`);
  const token = login.body.data.token as string;

  /** Moves an application over the API as a navigator does, with the details the state needs. */
  async function move(applicationId: string, toState: ApplicationState, note = `Moved to ${toState}`) {
    const res = await moveOverApi(api, token, applicationId, toState, { note });
    if (res.status !== 200) throw new Error(`move to ${toState} answered ${res.status}: ${res.body.message}`);
    return res.body.data.application as ApplicationView;
  }
  /** Walks an application in Intake along legal moves to `target`. */
  const moveTo = (applicationId: string, target: ApplicationState) => driveTo(api, token, applicationId, target);
  return { email, token, move, moveTo };
}

/** The patient's applications once the worker has opened `count` of them. */
export function waitForApplications(p: Patient, count: number): Promise<ApplicationView[]> {
  return eventually(
    async () => {
      const res = await p.api.get('/applications', p.token);
      return res.status === 200 && res.body.data.applications.length >= count
        ? (res.body.data.applications as ApplicationView[])
        : undefined;
    },
    `${count} applications`,
    15_000,
  );
}

/** Uploads a document over the API (multipart), as the dashboard does. */
export async function uploadOverApi(stack: TestStack, p: Patient, title: string, content = `Document ${title}`) {
  const form = new FormData();
  form.append('title', title);
  form.append('document', new Blob([content], { type: 'text/plain' }), `${title}.txt`);
  const res = await fetch(`${stack.apiUrl}/documents/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${p.token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { document: { id: string } } }).data.document;
}
