import { useStackAndBrowser, newPage, screenshot, type ViewportName } from './support/browser';

const ctx = useStackAndBrowser();

describe.each<ViewportName>(['desktop', 'phone'])('public pages (%s)', (viewport) => {
  test('landing: every section, figure and link, without the dashboard code', async () => {
    const t = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const { page } = t;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Brand-name medications/ }).waitFor();
    // The contact details are the server's settings, written into the page as it is served.
    await page.getByText('(800) 555-0199').first().waitFor();

    for (const id of ['how-it-works', 'about', 'plans', 'faq', 'contact', 'testimonials']) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
    }
    const text = await page.locator('body').innerText();
    for (const s of [
      'Start Subscription',
      'See how it works',
      'Ozempic',
      '$1,100/mo retail',
      'Eliquis',
      '$600/mo retail',
      'Humira',
      '$7,000/mo retail',
      'Trelegy Ellipta',
      '$650/mo retail',
      'Program matching',
      'Secure by default',
      'Human advocates',
      'HIV / PrEP',
      'Ongoing Care',
      'Enrollment Only',
      'DIY Toolkit',
      '$109',
      'Start Your Application',
      'Why choose Ongoing Care?',
      'HIPAA compliant',
      'Data encrypted',
      '95%',
      '5-minute',
      'No charge until your first delivery is confirmed',
      'not a pharmacy',
      'care, coverage and costs made simple',
      '(800) 555-0199',
      'support@rxbridge.test',
      'For clinics and prescribers',
      'Careers',
      'Press',
    ]) {
      expect(text).toContain(s);
    }
    expect(text.match(/\$49\/mo/g)!.length).toBeGreaterThanOrEqual(4);
    for (const area of [
      'Diabetes',
      'Cardiology',
      'Respiratory',
      'Oncology',
      'Rheumatology',
      'Neurology',
      'Dermatology',
    ]) {
      expect(text).toContain(area);
    }
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(await footer.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(await footer.getByRole('link', { name: 'HIPAA Notice' }).getAttribute('href')).toBe('/privacy#hipaa');

    // Plan cards are selectable.
    const enrollment = page.getByRole('radio', { name: /Enrollment Only/ });
    await enrollment.click();
    expect(await enrollment.getAttribute('aria-checked')).toBe('true');

    await screenshot(page, 'landing');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'landing-top', { fullPage: false });

    expect(requested.some((u) => u.includes('dashboard-page'))).toBe(false);
    expect(t.pageErrors).toEqual([]);
    await t.context.close();
  });

  test('top bar: section links, Log In and Get Started (collapsible on phones)', async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await page.goto('/');
    if (viewport === 'phone') {
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      await page.locator('#mobile-menu').getByRole('link', { name: 'FAQ' }).waitFor();
      await screenshot(page, 'landing-menu', { fullPage: false });
      await page.locator('#mobile-menu').getByRole('button', { name: 'Log In' }).click();
    } else {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.waitFor();
      for (const name of ['How It Works', 'About', 'Plans', 'FAQ', 'Contact']) {
        expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
      }
      await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click();
    }
    const login = page.getByRole('dialog', { name: 'Welcome Back' });
    await login.waitFor();
    await screenshot(page, 'login-dialog', { fullPage: false });
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'detached' });
    // A section link scrolls to its anchor and, on phones, folds the menu away.
    if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = viewport === 'phone' ? page.locator('#mobile-menu') : page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Plans', exact: true }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('plans')!.getBoundingClientRect().top) < 120);
    if (viewport === 'phone') expect(await page.locator('#mobile-menu').isHidden()).toBe(true);
    await context.close();
  });

  test('contact form: required fields, mail client, Thank You view', async () => {
    const t = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const { page } = t;
    await page.goto('/#contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Email is required').waitFor();
    await form.getByText('Please choose a US state, DC or territory (two-letter code)').waitFor();
    expect(await t.mailtoLinks()).toEqual([]);

    await form.getByLabel('Name').fill('Ana Patient');
    await form.getByLabel('Email').fill('ana@example.com');
    await form.getByLabel('Medication (optional)').fill('Eliquis');
    await form.getByLabel('State').selectOption('OH');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    await page.getByText('Contact Form Opened').waitFor();
    const [link] = await t.mailtoLinks();
    expect(link).toMatch(/^mailto:support@rxbridge\.test\?subject=/);
    expect(decodeURIComponent(link!)).toContain('Medication: Eliquis');
    expect(decodeURIComponent(link!)).toContain('State: OH');
    expect(await page.locator('#contact').getByRole('link', { name: 'support@rxbridge.test' }).count()).toBeGreaterThan(
      0,
    );
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await screenshot(page, 'contact-thank-you', { fullPage: false });
    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await page.getByRole('form', { name: 'Contact form' }).waitFor();
    await t.context.close();
  });

  test('clinics: Book a Demo dialog opens the mail client', async () => {
    const t = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const { page } = t;
    await page.goto('/');
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a Demo' });
    await dialog.getByRole('button', { name: 'Request Demo' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Phone is required').waitFor();
    await screenshot(page, 'book-demo', { fullPage: false });
    await dialog.getByLabel('Name').fill('Dr. Lee');
    await dialog.getByLabel('Work email').fill('lee@clinic.example');
    await dialog.getByLabel('Phone').fill('(614) 555-0100');
    await dialog.getByLabel('Prescriptions').fill('Humira\nOzempic');
    await dialog.getByRole('button', { name: 'Request Demo' }).click();
    await page.getByText('Demo Request Sent').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [link] = await t.mailtoLinks();
    expect(decodeURIComponent(link!)).toContain('Humira\nOzempic');
    await t.context.close();
  });

  test('public pages arrive pre-rendered, with their own title, and hydrate without an error', async () => {
    const pages = {
      '/': /Brand-name medications/,
      '/diy-guide': 'Apply for patient assistance yourself',
      '/terms': 'Terms of Service',
      '/privacy': 'Privacy Policy',
    };
    for (const [path, heading] of Object.entries(pages)) {
      // As a phone gets it before any script runs: the page's own markup, title and description.
      const raw = await fetch(`${ctx.stack.baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(raw.headers.get('cache-control')).toBe('no-cache');
      expect(raw.headers.get('content-encoding')).toBe('br');
      const html = await raw.text();
      expect(html).toContain('<div id="root" data-prerendered>');
      expect(html).toMatch(typeof heading === 'string' ? heading : heading.source);
      // No inline script for the CSP to block: the module, and the runtime settings as data that never runs.
      expect(html).not.toMatch(/<script(?![^>]*type="module"[^>]*src=)(?! type="application\/json")/);
      // The stylesheet, which the first paint waits for, is asked for before any script.
      expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
      expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.search(/<script|rel="modulepreload"/));

      const t = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
      await t.page.goto(path);
      const h1 = t.page.getByRole('heading', { level: 1 });
      expect(await h1.innerText()).toMatch(heading);
      expect(await t.page.title()).toBe(/<title>([^<]*)<\/title>/.exec(html)![1]!.replace(/&amp;/g, '&'));
      // Interactive once hydrated: the header's Log In opens its dialog.
      if (viewport === 'phone') await t.page.getByRole('button', { name: 'Open menu' }).click();
      const header = viewport === 'phone' ? t.page.locator('#mobile-menu') : t.page.getByRole('banner');
      await header.getByRole('button', { name: 'Log In' }).click();
      await t.page.getByRole('dialog').waitFor();
      expect(t.console.filter((l) => l.startsWith('error:'))).toEqual([]);
      expect(t.pageErrors).toEqual([]);
      await t.context.close();
    }
    // Pages for signed-in users are never pre-rendered.
    const dashboard = await (await fetch(`${ctx.stack.baseUrl}/dashboard`)).text();
    expect(dashboard).toContain('<div id="root"></div>');
  });

  test('DIY guide', async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await page.goto('/diy-guide');
    await page.getByRole('heading', { level: 1, name: 'Apply for patient assistance yourself' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const s of [
      'Download the application',
      'Gather your documents',
      'Complete the 8-page form',
      'Submit by mail or fax',
      'Wait 2-4 weeks',
      'Receive the decision',
      '8+ hours',
      '40%',
      '60%',
      '95%',
      'Common challenges',
      'DIY vs. RxBridge',
    ]) {
      expect(text).toContain(s);
    }
    expect(await page.getByRole('link', { name: 'Start Your Application' }).getAttribute('href')).toBe('/dashboard');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Application' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/application/);
    await screenshot(page, 'diy-guide');
    await context.close();
  });

  test('terms and privacy: prices, retention, HIPAA anchor, sign-in openers', async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    const terms = await page.locator('main').innerText();
    for (const s of ['$49 per month', '$109 one-time', '$30', 'not a pharmacy', '$0']) expect(terms).toContain(s);
    await screenshot(page, 'terms');
    if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    await page.getByRole('dialog', { name: 'Get Started Today' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/privacy#hipaa');
    await page.getByRole('heading', { name: 'HIPAA Notice of Privacy Practices' }).waitFor();
    await page.waitForFunction(() => {
      const r = document.getElementById('hipaa')!.getBoundingClientRect();
      return r.top >= 0 && r.top < window.innerHeight;
    });
    const privacy = await page.locator('main').innerText();
    for (const s of ['7 years', '3 years', '2 years', 'within 30 days', 'under 13']) expect(privacy).toContain(s);
    await screenshot(page, 'privacy-hipaa', { fullPage: false });
    await screenshot(page, 'privacy');
    await context.close();
  });

  test('verify-email states from the status parameter and without a token', async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await page.goto('/verify-email');
    await page.getByText('No verification token provided').waitFor();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await page.getByText('Please log in to resend verification email').first().waitFor();
    await screenshot(page, 'verify-email-error', { fullPage: false });

    await page.goto('/verify-email?status=error&code=server-error');
    await page.getByText('Server error occurred. Please try again later.').waitFor();
    await page.goto('/verify-email?status=error&code=verification-failed');
    await page.getByText('Email verification failed. Please try again.').waitFor();
    await page.goto(`/verify-email?status=success&user=${encodeURIComponent(JSON.stringify({ firstName: 'Ana' }))}`);
    await page.getByRole('heading', { name: 'Email verified!' }).waitFor();
    await page.getByText('Thank you, Ana.').waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    await screenshot(page, 'verify-email-success', { fullPage: false });
    await page.goto('/verify-email?status=already-verified');
    await page.getByRole('heading', { name: 'Email already verified' }).waitFor();
    await page.goto('/verify-email?token=not-a-real-token');
    await page.getByText('Invalid or expired verification token').waitFor();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
    await context.close();
  });

  test('404 page logs the path and links home', async () => {
    const t = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    const { page } = t;
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(t.console.some((l) => l.includes('404') && l.includes('/no/such/page'))).toBe(true);
    await screenshot(page, 'not-found', { fullPage: false });
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { level: 1, name: /Brand-name medications/ }).waitFor();
    await t.context.close();
  });

  test('scroll-to-top appears after 300 px', async () => {
    const { page, context } = await newPage(ctx.browser, viewport, ctx.stack.baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const button = page.getByRole('button', { name: 'Scroll to top' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await button.waitFor();
    // Back under the threshold: it goes away again.
    await page.evaluate(() => window.scrollTo(0, 200));
    await button.waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 1200));
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
    await context.close();
  });
});
