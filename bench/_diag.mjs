import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import fs from "node:fs";
const url = process.argv[2]; const tag = process.argv[3] ?? "x";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new","--no-sandbox","--disable-gpu"] });
try {
  const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const a = r.lhr.audits;
  fs.writeFileSync(`/tmp/lh/${tag}.json`, JSON.stringify(r.lhr));
  console.log(tag, "LCP", Math.round(a["largest-contentful-paint"].numericValue), "FCP", Math.round(a["first-contentful-paint"].numericValue), "TBT", Math.round(a["total-blocking-time"].numericValue));
  const el = a["largest-contentful-paint-element"]?.details?.items;
  console.log(JSON.stringify(el)?.slice(0, 1200));
  for (const it of a["network-requests"].details.items) console.log(" ", it.url.slice(0, 90), Math.round(it.networkRequestTime), Math.round(it.networkEndTime), it.transferSize, it.priority, it.resourceType);
} finally { chrome.kill(); }
