import { cookieValue, languageOfRequest, preferredOfAcceptLanguage } from './page-language';

describe('the language of an unprefixed public page', () => {
  it('reads Accept-Language by weight, then by order, skipping other languages', () => {
    expect(preferredOfAcceptLanguage('es-US,es;q=0.9,en;q=0.8')).toBe('es');
    expect(preferredOfAcceptLanguage('en-US,en;q=0.9,es;q=0.8')).toBe('en');
    expect(preferredOfAcceptLanguage('fr-FR, es;q=0.8, en;q=0.5')).toBe('es');
    expect(preferredOfAcceptLanguage('en;q=0.5, es;q=0.7')).toBe('es');
    expect(preferredOfAcceptLanguage('es;q=0, en;q=0.1')).toBe('en');
    expect(preferredOfAcceptLanguage('es, en')).toBe('es');
    expect(preferredOfAcceptLanguage('fr')).toBe('en');
    expect(preferredOfAcceptLanguage(undefined)).toBe('en');
    expect(preferredOfAcceptLanguage('*')).toBe('en');
  });

  it('lets the remembered choice win over the browser', () => {
    expect(languageOfRequest({ cookie: 'a=1; rxb_lang=en', 'accept-language': 'es' })).toBe('en');
    expect(languageOfRequest({ cookie: 'rxb_lang=es', 'accept-language': 'en' })).toBe('es');
    expect(languageOfRequest({ cookie: 'rxb_lang=xx', 'accept-language': 'es-MX' })).toBe('es');
    expect(cookieValue('a=b=c; d=e', 'a')).toBe('b=c');
    expect(cookieValue(undefined, 'a')).toBeUndefined();
  });
});
