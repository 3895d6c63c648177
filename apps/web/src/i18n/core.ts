/**
 * The app's translation engine: the part of i18next the app uses, in a few hundred bytes instead of the ~15 KB
 * gzip i18next adds to every first page (docs/decisions/0042-first-paint.md). Pages keep writing
 * `useTranslation()` / `t(key, options)` as with i18next and react-i18next; what is supported is exactly:
 *  - keys with `.` between levels of the language's JSON, a missing key answering `defaultValue` or the key;
 *  - `{{name}}` placeholders, filled from the options as they are (no escaping: React escapes, and the
 *    JSON is ours), a missing value as an empty text;
 *  - plurals by `count`: `key_one`, `key_other` (… per `Intl.PluralRules` of the language), then `key`;
 *  - `exists`, `changeLanguage` (loading the language through the backend once) and `languageChanged`;
 *  - `loadNamespaces`: a language's texts come in bundles (the core every page's frame needs, and one per feature,
 *    loaded with its routes: docs/decisions/0058-locale-bundles.md). Unlike i18next's namespaces, a bundle's keys
 *    join the language's one tree and keep their names; a language switch loads every bundle loaded so far.
 * Nesting (`$t(…)`), formatters (`{{x, number}}`), contexts and `returnObjects` are not: the locale files use
 * none (i18n.test.ts checks), and a page formats numbers and dates itself (lib/localize.ts).
 */

import type { TFunction } from 'i18next';

export type Resources = { [key: string]: string | Resources };
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
/** Typed as i18next's `t`, which the pages' helpers are written against (its types only; no code of it ships). */
export type TFn = TFunction;
type Translate = (key: string | string[], options?: TOptions) => string;

/** Where a language's texts come from: a bundle ('translation' is the core) in a language, e.g. a bundled chunk. */
export interface Backend {
  type: 'backend';
  read: (language: string, namespace: string) => Promise<Resources>;
}

export interface InitOptions {
  lng: string;
  [option: string]: unknown;
}

/** A plugin that wants the instance (the React binding). */
export interface ThirdParty {
  type: '3rdParty';
  init: (instance: Translator) => void;
}

type Listener = (language: string) => void;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(resources: Resources | undefined, key: string): string | undefined {
  let node: string | Resources | undefined = resources;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Copies a bundle's keys into a language's tree (two bundles may hold keys of one branch, never the same key); the
 * bundle's own objects are never changed.
 */
export function merge(into: Resources, from: Resources): Resources {
  for (const [k, v] of Object.entries(from)) {
    const here = into[k];
    into[k] = typeof v === 'string' ? v : merge(here === undefined || typeof here === 'string' ? {} : here, v);
  }
  return into;
}

function fill(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Translator {
  language = '';
  private readonly texts = new Map<string, Resources>();
  /** The bundles asked for so far ('translation' is the core), and each language's bundle loads by `language/bundle`. */
  private readonly namespaces = new Set(['translation']);
  private readonly loads = new Map<string, Promise<unknown>>();
  /** The language being switched to, or the current one: the one a bundle asked for now is loaded in. */
  private next = '';
  private readonly listeners = new Set<Listener>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private backend: Backend | null = null;
  private readonly fixed = new Map<string, TFn>();

  /** The text of a key in the language current when it is called (see the file's comment for what is supported). */
  readonly t: TFn = this.bound(null);

  /** i18next's plugin call: a backend is kept, the React binding (`initReactI18next`) is handed this instance. */
  use(module: Backend | ThirdParty): this {
    if (module.type === 'backend') this.backend = module;
    else module.init(this);
    return this;
  }

  init(options: InitOptions): Promise<TFn> {
    return this.changeLanguage(options.lng);
  }

  /** Loads the language's bundles asked for so far (through the backend, once), then makes it current and tells the listeners. */
  async changeLanguage(language: string): Promise<TFn> {
    this.next = language;
    await this.loadBundles(language, [...this.namespaces]);
    const changed = language !== this.language;
    this.language = language;
    if (changed) for (const listener of [...this.listeners]) listener(language);
    return this.t;
  }

  /** Loads bundles in the current language (or the one being switched to), and in every language switched to later. */
  async loadNamespaces(names: string | readonly string[]): Promise<void> {
    const list = typeof names === 'string' ? [names] : names;
    for (const name of list) this.namespaces.add(name);
    // Before `init`, the bundles wait for it: it loads every bundle asked for.
    if (this.next) await this.loadBundles(this.next, list);
  }

  private loadBundles(language: string, names: readonly string[]): Promise<unknown> {
    return Promise.all(
      names.map((name) => {
        const id = `${language}/${name}`;
        const load =
          this.loads.get(id) ??
          (this.backend?.read(language, name) ?? Promise.resolve({})).then(
            (data) => this.texts.set(language, merge(this.texts.get(language) ?? {}, data)),
            (error: unknown) => {
              // A failed load (offline) is tried again the next time the bundle is asked for.
              this.loads.delete(id);
              throw error;
            },
          );
        this.loads.set(id, load);
        return load;
      }),
    );
  }

  exists(key: string, options?: TOptions): boolean {
    return this.has(this.language, key, options);
  }

  private has(language: string, key: string, options?: TOptions): boolean {
    const resources = this.texts.get(language);
    if (typeof options?.count === 'number' && lookup(resources, `${key}_${this.pluralOf(language, options.count)}`) !== undefined) return true;
    return lookup(resources, key) !== undefined;
  }

  on(event: 'languageChanged', listener: Listener): this {
    if (event === 'languageChanged') this.listeners.add(listener);
    return this;
  }

  off(event: 'languageChanged', listener: Listener): this {
    if (event === 'languageChanged') this.listeners.delete(listener);
    return this;
  }

  /** `t` of one language: a component holding it draws again when the language changes (a new `t`). */
  fixedT(language: string): TFn {
    let t = this.fixed.get(language);
    if (!t) this.fixed.set(language, (t = this.bound(language)));
    return t;
  }

  private bound(language: string | null): TFn {
    const translate: Translate = (key, options) => this.translate(language ?? this.language, key, options);
    return translate as unknown as TFn;
  }

  private translate(language: string, keys: string | string[], options?: TOptions): string {
    // Several keys: the first that has a text (i18next's fallback keys).
    if (Array.isArray(keys)) {
      const found = keys.find((k) => this.has(language, k, options));
      return this.translate(language, found ?? keys[keys.length - 1] ?? '', options);
    }
    if (typeof keys !== 'string') return '';
    const key = keys;
    const resources = this.texts.get(language);
    let text: string | undefined;
    if (typeof options?.count === 'number') {
      text = lookup(resources, `${key}_${this.pluralOf(language, options.count)}`) ?? lookup(resources, `${key}_other`);
    }
    text ??= lookup(resources, key) ?? options?.defaultValue ?? key;
    return fill(text, options);
  }

  private pluralOf(language: string, count: number): Intl.LDMLPluralRule {
    let rules = this.plurals.get(language);
    if (!rules) this.plurals.set(language, (rules = new Intl.PluralRules(language)));
    return rules.select(count);
  }

}
