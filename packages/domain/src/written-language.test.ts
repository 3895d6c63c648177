import { describe, expect, it } from 'vitest';
import { foreignLanguageOf, writtenLanguage } from './written-language.ts';

describe('the language of community writing', () => {
  it('is Chinese when Chinese characters make up a fifth of the letters or more, else English', () => {
    expect(writtenLanguage('这个游戏的剧情非常好')).toBe('zh-CN');
    expect(writtenLanguage('Steam 上的 RPG 神作，剧情很棒')).toBe('zh-CN');
    expect(writtenLanguage('Great river level, the boss fight at the end is tough')).toBe('en');
    // A Chinese name in an English review does not make it Chinese.
    expect(writtenLanguage('I played it with 小明 all weekend and we loved every minute of it')).toBe('en');
  });

  it('marks writing only where it is not in the page language, and never text without letters', () => {
    expect(foreignLanguageOf('这个游戏的剧情非常好', 'en')).toBe('zh-CN');
    expect(foreignLanguageOf('这个游戏的剧情非常好', 'zh-CN')).toBeNull();
    expect(foreignLanguageOf('Great river level', 'zh-CN')).toBe('en');
    expect(foreignLanguageOf('Great river level', 'en')).toBeNull();
    expect(foreignLanguageOf('👍 100%', 'zh-CN')).toBeNull();
    expect(foreignLanguageOf('', 'en')).toBeNull();
  });
});
