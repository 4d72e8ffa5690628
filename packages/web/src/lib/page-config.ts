import { DEFAULT_PRODUCT_NAME } from '@platter/contract';

/** Settings the server writes into index.html (packages/server/src/http/web-app.ts). */
export interface PageConfig {
  productName: string;
}

function read(): PageConfig {
  try {
    const text = document.getElementById('platter-config')?.textContent ?? '{}';
    const parsed = JSON.parse(text) as Partial<PageConfig>;
    return { productName: parsed.productName || DEFAULT_PRODUCT_NAME };
  } catch {
    return { productName: DEFAULT_PRODUCT_NAME };
  }
}

export const pageConfig: PageConfig = read();

/** "Platter: play music together": the product title plus the page's own (spec §2). */
export function pageTitle(title: string): string {
  return `${pageConfig.productName}: ${title}`;
}
