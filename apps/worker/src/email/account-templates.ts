import { GREETING, layout, type Brand, type Localized } from './layout';

// The account emails in each language (docs/product.md §7, Languages; terms from docs/spanish-glossary.md).

export const verificationEmail: Localized<[brand: Brand, firstName: string, link: string, resend: boolean]> = {
  en: (brand, firstName, link, resend) =>
    layout(brand, 'Verify your email address', GREETING.en(firstName), [
      {
        kind: 'p',
        text: resend
          ? 'Here is a new link to verify your email address.'
          : 'Welcome to RxBridge. Please confirm your email address so we can keep you updated on your applications.',
      },
      { kind: 'button', text: 'Verify my email', href: link },
      {
        kind: 'small',
        text: 'This link expires in 48 hours and works once. If you did not create an account, ignore this email.',
      },
    ]),
  es: (brand, firstName, link, resend) =>
    layout(
      brand,
      'Verifique su correo electrónico',
      GREETING.es(firstName),
      [
        {
          kind: 'p',
          text: resend
            ? 'Aquí tiene un enlace nuevo para verificar su correo electrónico.'
            : 'Le damos la bienvenida a RxBridge. Confirme su correo electrónico para que podamos informarle sobre sus solicitudes.',
        },
        { kind: 'button', text: 'Verificar mi correo electrónico', href: link },
        {
          kind: 'small',
          text: 'Este enlace vence en 48 horas y funciona una sola vez. Si usted no creó una cuenta, ignore este correo.',
        },
      ],
      'es',
    ),
};

/** The code only in the body: a subject shows on lock screens and in notifications (docs/product.md §7.5). */
export const resetCodeEmail: Localized<[brand: Brand, firstName: string, code: string]> = {
  en: (brand, firstName, code) =>
    layout(brand, 'Your password reset code', GREETING.en(firstName), [
      { kind: 'p', text: 'Use this code to reset your RxBridge password:' },
      { kind: 'code', text: code },
      {
        kind: 'small',
        text: 'The code expires in 15 minutes. If you did not ask to reset your password, you can ignore this email.',
      },
    ]),
  es: (brand, firstName, code) =>
    layout(
      brand,
      'Su código para restablecer la contraseña',
      GREETING.es(firstName),
      [
        { kind: 'p', text: 'Use este código para restablecer su contraseña de RxBridge:' },
        { kind: 'code', text: code },
        {
          kind: 'small',
          text: 'El código vence en 15 minutos. Si usted no pidió restablecer su contraseña, puede ignorar este correo.',
        },
      ],
      'es',
    ),
};

export const resetLinkEmail: Localized<[brand: Brand, firstName: string, link: string]> = {
  en: (brand, firstName, link) =>
    layout(brand, 'Reset your password', GREETING.en(firstName), [
      { kind: 'p', text: 'We received a request to reset your RxBridge password.' },
      { kind: 'button', text: 'Choose a new password', href: link },
      {
        kind: 'small',
        text: 'The link expires in 15 minutes and works once. If you did not ask for it, ignore this email.',
      },
    ]),
  es: (brand, firstName, link) =>
    layout(
      brand,
      'Restablezca su contraseña',
      GREETING.es(firstName),
      [
        { kind: 'p', text: 'Recibimos una solicitud para restablecer su contraseña de RxBridge.' },
        { kind: 'button', text: 'Elegir una contraseña nueva', href: link },
        {
          kind: 'small',
          text: 'El enlace vence en 15 minutos y funciona una sola vez. Si usted no lo pidió, ignore este correo.',
        },
      ],
      'es',
    ),
};

export const passwordChangedEmail: Localized<[brand: Brand, firstName: string]> = {
  en: (brand, firstName) =>
    layout(brand, 'Your password was changed', GREETING.en(firstName), [
      {
        kind: 'p',
        text: 'The password of your RxBridge account was just changed, and other devices were signed out.',
      },
      { kind: 'p', text: `If this was not you, contact us right away at ${brand.supportEmail}.` },
    ]),
  es: (brand, firstName) =>
    layout(
      brand,
      'Se cambió su contraseña',
      GREETING.es(firstName),
      [
        {
          kind: 'p',
          text: 'Se acaba de cambiar la contraseña de su cuenta de RxBridge y se cerró la sesión en sus otros dispositivos.',
        },
        { kind: 'p', text: `Si no fue usted, comuníquese con nosotros de inmediato en ${brand.supportEmail}.` },
      ],
      'es',
    ),
};
