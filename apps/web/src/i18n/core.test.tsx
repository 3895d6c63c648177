import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Translator, type Resources } from './core';
import { localeBundles } from './usage';

const texts: Record<string, Resources> = {
  en: { cart: { added: 'Added', items_one: '{{count}} item', items_other: '{{count}} items', hello: 'Hi {{name}}, {{ missing }}!' }, link: 'Read <terms>the terms</terms> now' },
  'zh-CN': { cart: { added: '已加入', items_other: '{{count}} 件' } },
};

async function translator(language = 'en') {
  const i18n = new Translator();
  await i18n.use({ type: 'backend', read: async (lng) => texts[lng] ?? {} }).init({ lng: language });
  return i18n;
}

describe('the translation engine', () => {
  it('finds nested keys, fills placeholders and falls back to the default or the key', async () => {
    const i18n = await translator();
    const { t } = i18n;
    expect(t('cart.added')).toBe('Added');
    expect(t('cart.hello', { name: 'Ann' })).toBe('Hi Ann, !');
    expect(t('cart.nope', { defaultValue: 'fallback' })).toBe('fallback');
    expect(t('cart.nope')).toBe('cart.nope');
    expect(t(['cart.nope', 'cart.added'])).toBe('Added');
    expect(i18n.exists('cart.added')).toBe(true);
  });

  it('picks the plural form of the language by count', async () => {
    const i18n = await translator();
    expect(i18n.t('cart.items', { count: 1 })).toBe('1 item');
    expect(i18n.t('cart.items', { count: 0 })).toBe('0 items');
    expect(i18n.exists('cart.items', { count: 3 })).toBe(true);
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('cart.items', { count: 1 })).toBe('1 件');
  });

  it('tells listeners of a language change; a fixed `t` keeps its language', async () => {
    const i18n = await translator();
    const fixed = i18n.fixedT('en');
    const heard: string[] = [];
    i18n.on('languageChanged', (l) => heard.push(l));
    await i18n.changeLanguage('zh-CN');
    expect(heard).toEqual(['zh-CN']);
    expect(i18n.t('cart.added')).toBe('已加入');
    expect(fixed('cart.added')).toBe('Added');
    expect(i18n.fixedT('zh-CN')).not.toBe(fixed);
  });

  it('loads bundles into the one tree of keys, in the language shown and in each language switched to later', async () => {
    const bundles: Record<string, Resources> = { 'en/cart': { cart: { total: 'Total' } }, 'zh-CN/cart': { cart: { total: '合计' } } };
    const reads: string[] = [];
    const i18n = new Translator();
    i18n.use({
      type: 'backend',
      read: async (lng, ns) => {
        reads.push(`${lng}/${ns}`);
        return ns === 'translation' ? (texts[lng] ?? {}) : (bundles[`${lng}/${ns}`] ?? {});
      },
    });
    // Asked for before the language is known (a route loading while the app starts): loaded with the language.
    const early = i18n.loadNamespaces('cart');
    await i18n.init({ lng: 'en' });
    await early;
    expect(i18n.t('cart.total')).toBe('Total');
    expect(i18n.t('cart.added')).toBe('Added');
    await i18n.loadNamespaces(['cart']);
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('cart.total')).toBe('合计');
    expect(i18n.t('cart.added')).toBe('已加入');
    expect(reads).toEqual(['en/translation', 'en/cart', 'zh-CN/translation', 'zh-CN/cart']);
    expect(texts.en).toEqual({ cart: { added: 'Added', items_one: '{{count}} item', items_other: '{{count}} items', hello: 'Hi {{name}}, {{ missing }}!' }, link: 'Read <terms>the terms</terms> now' });
  });

  it('asks again for a bundle that failed to load', async () => {
    let fail = true;
    const i18n = new Translator();
    i18n.use({
      type: 'backend',
      read: async (_lng, ns): Promise<Resources> => {
        if (ns === 'cart' && fail) throw new Error('offline');
        return ns === 'cart' ? { cart: { total: 'Total' } } : {};
      },
    });
    await i18n.init({ lng: 'en' });
    await expect(i18n.loadNamespaces('cart')).rejects.toThrow('offline');
    fail = false;
    await i18n.loadNamespaces('cart');
    expect(i18n.t('cart.total')).toBe('Total');
  });

  it('the locale files use only what the engine supports: plain placeholders, no nesting or formatters', () => {
    const all = (node: Resources): string[] => Object.values(node).flatMap((v) => (typeof v === 'string' ? [v] : all(v)));
    for (const text of localeBundles().flatMap((b) => all(b.texts))) {
      expect(text).not.toMatch(/\$t\(/);
      for (const [placeholder] of text.matchAll(/\{\{[^}]*\}\}/g)) expect(placeholder).toMatch(/^\{\{\s*[\w.]+\s*\}\}$/);
    }
  });
});

describe('<Trans>', () => {
  it('puts the words between tags into the element given for the tag', async () => {
    const { Trans } = await import('./react');
    const i18n = await translator();
    render(<Trans t={i18n.t} i18nKey="link" components={{ terms: <a href="/terms" /> }} />);
    expect(screen.getByRole('link', { name: 'the terms' })).toHaveAttribute('href', '/terms');
    expect(document.body).toHaveTextContent('Read the terms now');
  });
});
