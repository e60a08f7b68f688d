import { isPublicPage, localizedPath, pageOfPath, publicPageLanguage } from './public-pages';

describe('public pages in two languages', () => {
  it('strips the language prefix', () => {
    expect(pageOfPath('/es')).toBe('/');
    expect(pageOfPath('/es/terms')).toBe('/terms');
    expect(pageOfPath('/terms')).toBe('/terms');
    expect(pageOfPath('/estate')).toBe('/estate');
  });

  it('knows the public pages and their language', () => {
    expect(['/', '/es', '/diy-guide', '/es/privacy'].map(isPublicPage)).toEqual([true, true, true, true]);
    expect(['/dashboard', '/es/dashboard', '/verify-email'].map(isPublicPage)).toEqual([false, false, false]);
    expect(publicPageLanguage('/es/terms')).toBe('es');
    expect(publicPageLanguage('/terms')).toBe('en');
    expect(publicPageLanguage('/dashboard')).toBeUndefined();
  });

  it('gives the counterpart address, keeping the query and the section', () => {
    expect(localizedPath('/', 'es')).toBe('/es');
    expect(localizedPath('/#about', 'es')).toBe('/es#about');
    expect(localizedPath('/privacy#hipaa', 'es')).toBe('/es/privacy#hipaa');
    expect(localizedPath('/es/terms?x=1', 'en')).toBe('/terms?x=1');
    expect(localizedPath('/es', 'en')).toBe('/');
    expect(localizedPath('/es/diy-guide', 'es')).toBe('/es/diy-guide');
  });
});
