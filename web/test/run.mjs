// Drives the built page (target/web) in headless Chromium through playwright-core, as a user would:
// type, check, solve, paste, generate, undo, share by address, on a desktop and a phone-sized
// viewport, keyboard only where it matters. Saves screenshots of the main states, checks colour
// contrast (WCAG AA) of everything drawn on the board, fails on any console error, and times solve and
// check in the page with performance.now() on hard puzzles from ../shared/datasets.
//
//   node web/test/run.mjs   (scripts/web-test.sh builds the page first; see there for the variables)
//
// Environment: WEB_ROOT (default target/web), SCREENSHOTS (default target/web-screenshots),
// CHROMIUM (default /usr/bin/chromium), BENCH_PUZZLES (a file of puzzles to time; default: the first
// 100 of the hardest dataset when it is there), BENCH_OUT (where to write the timings as JSON).

import { chromium } from "playwright-core";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

const root = path.resolve(process.env.WEB_ROOT ?? "target/web");
const shots = path.resolve(process.env.SCREENSHOTS ?? "target/web-screenshots");
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";

const SEED = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/** The same puzzle with an `x` in column 41: the library's own message must show. */
const BAD = `${SEED.slice(0, 40)}x${SEED.slice(41)}`;
const BAD_MESSAGE = "puzzle 1, line 1, column 41: invalid character 'x' (digits are 1-9; blanks are '.', '0', '_', '-' or '*')";
/** A 6×6 puzzle with one solution (`sudokit generate puzzle --size 6 --seed 1`). */
const SIX = ".3.5...21..4....426....5.5..........";
/** 295 solutions (the README's example). */
const LOOSE = "8..........36......7..9.2...8...7.......457.....1...3...1....68..85...1..9....4..";

// ------------------------------------------------------------------ a static server for target/web

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://localhost");
  const file = path.join(root, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
  if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end("not found");
    return;
  }
  res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

// ------------------------------------------------------------------ the harness

let passed = 0;
let failed = 0;
const problems = [];

async function step(name, body) {
  try {
    await body();
    passed++;
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

function equal(actual, wanted, what) {
  expect(actual === wanted, `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
}

fs.mkdirSync(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});

async function open(viewport = { width: 1200, height: 900 }, hash = "") {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(base + hash);
  await page.waitForSelector("body[data-ready='1']", { timeout: 15000 });
  return page;
}

const board = (page) => page.evaluate(() =>
  [...document.querySelectorAll("#board .cell")].map((c) => {
    // The cell's own text: a killer cage's sum is drawn inside it too.
    const value = [...c.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join("");
    return c.querySelector(".marks") ? "." : value || ".";
  }).join(""));
const message = (page) => page.textContent("#message");
const cellsWith = (page, cls) => page.evaluate((cls) =>
  [...document.querySelectorAll(`#board .cell.${cls}`)].map((c) => Number(c.dataset.index)), cls);
const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** Types a one-line puzzle into the board with the keyboard only, from r1c1. */
async function typePuzzle(page, puzzle, side) {
  await page.focus("#board");
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const ch = puzzle[r * side + c];
      if (ch !== ".") await page.keyboard.press(ch);
      if (c < side - 1) await page.keyboard.press("ArrowRight");
    }
    if (r < side - 1) {
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Home");
    }
  }
}

/** Every (text colour, background) pair drawn on the board and in the messages, below 4.5:1. */
/** Shows the first step of the panel's list (`texts`) that removes candidates: they are struck out on
 * the board, in readable colours. Returns its index. */
async function showElimination(page, texts, screenshot) {
  const k = texts.findIndex((t) => t.includes("<>"));
  expect(k >= 0, "a step that removes candidates");
  await page.click(`#steps li:nth-child(${k + 1}) button`);
  expect(await page.$$eval("#board .marks span.elim", (s) => s.length) > 0, "struck-out candidates");
  await shot(page, screenshot);
  const bad = await lowContrast(page);
  expect(bad.length === 0, `contrast: ${bad.join("; ")}`);
  return k;
}

async function lowContrast(page) {
  return page.evaluate(() => {
    const rgb = (s) => (s.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const bad = [];
    const texts = document.querySelectorAll("#board .cell, #board .marks span, #board .cage-sum, #message, #rating, #busy-text, .help, button, label, h1, h2");
    for (const el of texts) {
      if (!el.textContent.trim() || el.closest("[hidden]")) continue;
      const fg = rgb(getComputedStyle(el).color).slice(0, 3);
      const bg = background(el);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) bad.push(`${el.className || el.tagName} ${el.textContent.trim().slice(0, 12)}: ${ratio.toFixed(2)}`);
    }
    return bad;
  });
}

// ------------------------------------------------------------------ the scenarios

const page = await open();
const scenarios = !process.env.BENCH_ONLY;

if (scenarios) {
  await step("the page loads an empty 9×9 board", async () => {
    equal(await board(page), ".".repeat(81), "board");
    await shot(page, "01-empty");
  });

  await step("typing the seed puzzle with the keyboard", async () => {
    await typePuzzle(page, SEED, 9);
    equal(await board(page), SEED, "board after typing");
    await shot(page, "02-typed");
  });

  await step("check says unique (Enter on the board)", async () => {
    await page.keyboard.press("Enter");
    expect((await message(page)).startsWith("Unique"), `message: ${await message(page)}`);
    // The rating follows a unique check on a classic 9×9 board by itself.
    await page.waitForSelector("#rating:not([hidden])", { timeout: 10000 });
    const rating = await page.textContent("#rating");
    expect(/^ER \d\.\d \/ EP \d\.\d \/ ED \d\.\d \(.+\) · HoDoKu easy \(score \d+\)/.test(rating), `rating: ${rating}`);
  });

  await step("a hint goes from where to look to the technique to the step, and applies", async () => {
    await page.click("#hint");
    await page.waitForSelector("#teach:not([hidden])"); // the hint comes from the worker
    expect((await cellsWith(page, "area")).length > 0, "highlighted cells");
    equal(await page.textContent("#teach-text"), "Look at the highlighted cells.", "nudge");
    await page.click("#teach-more");
    expect((await page.textContent("#teach-text")).includes(" for a "), "technique named");
    await page.focus("#board");
    await page.keyboard.press("h"); // the key asks for more too
    const text = await page.textContent("#teach-text");
    expect(text.includes("=") || text.includes("<>"), `step text ${text}`);
    expect((await cellsWith(page, "focus")).length > 0, "the step's cells");
    const marked = await page.$$eval("#board .marks span.place, #board .marks span.elim", (s) => s.length);
    expect(marked > 0, "the step's candidates");
    await shot(page, "03a-hint");
    const hintContrast = await lowContrast(page);
    expect(hintContrast.length === 0, `contrast: ${hintContrast.join("; ")}`);
    await page.click("#teach-apply");
    const after = await board(page);
    const placed = [...after].filter((c, i) => c !== SEED[i]);
    expect(placed.length === 1, `one digit placed, board ${after}`);
    const i = [...after].findIndex((c, k) => c !== SEED[k]);
    equal(after[i], SOLVED[i], "the hint's digit");
    await page.focus("#board");
    await page.keyboard.press("Control+z");
    equal(await board(page), SEED, "after undoing the hint");
  });

  await step("a hint on Sudoku Explainer's scale: its house, its difficulty, its step", async () => {
    await page.selectOption("#hint-scale", "se");
    await page.click("#hint");
    await page.waitForSelector("#teach:not([hidden])");
    equal(await page.textContent("#teach-text"), "Look at the highlighted cells.", "nudge");
    // The first step is a hidden single of block 2: the block is what lights up.
    const area = await cellsWith(page, "area");
    equal(JSON.stringify(area), JSON.stringify([3, 4, 5, 12, 13, 14, 21, 22, 23]), "block 2");
    await page.click("#teach-more");
    equal(
      await page.textContent("#teach-text"),
      "Look at the highlighted cells for a Hidden Single (difficulty 1.2).",
      "technique",
    );
    await page.click("#teach-more");
    equal(await page.textContent("#teach-text"), "Hidden Single (1.2): r1c6=8", "step");
    await shot(page, "03b-hint-se");
    await page.click("#teach-apply");
    const after = await board(page);
    equal(after, SEED.slice(0, 5) + "8" + SEED.slice(6), "the digit placed");
    await page.focus("#board");
    await page.keyboard.press("Control+z");
    equal(await board(page), SEED, "after undoing the hint");
    await page.selectOption("#hint-scale", "hodoku");
  });

  await step("the explanation lists every step and steps through them", async () => {
    await page.click("#explain");
    await page.waitForSelector("#steps li", { timeout: 10000 });
    const n = await page.$$eval("#steps li", (l) => l.length);
    expect(n >= 51, `${n} steps`);
    // The techniques counted above the list: their counts add up to the steps.
    const summary = await page.textContent("#steps-summary");
    const counted = [...summary.matchAll(/(\d+) × /g)].reduce((sum, m) => sum + Number(m[1]), 0);
    equal(counted, n, `the summary's counts (${summary})`);
    expect(await page.isVisible("#steps-summary"), "the summary is shown");
    await page.click("#teach-next");
    await page.click("#teach-next");
    expect((await page.textContent("#teach-title")).startsWith(`Step 3 of ${n}:`), "title");
    expect((await cellsWith(page, "focus")).length > 0, "the step's cells");
    await page.click("#steps li:nth-child(20) button");
    expect((await page.textContent("#teach-title")).startsWith(`Step 20 of ${n}:`), "title after a click");
    await shot(page, "03c-steps");
    const stepContrast = await lowContrast(page);
    expect(stepContrast.length === 0, `contrast: ${stepContrast.join("; ")}`);
    await page.click("#teach-close");
    equal(await board(page), SEED, "the board after closing");
  });

  await step("every step on the board as it is: listed, counted, each right, one picked and applied", async () => {
    await page.click("#all-steps");
    await page.waitForSelector("#steps li", { timeout: 10000 });
    const n = await page.$$eval("#steps li", (l) => l.length);
    expect(n > 1, `${n} steps`);
    const summary = await page.textContent("#steps-summary");
    const counted = [...summary.matchAll(/(\d+) × /g)].reduce((sum, m) => sum + Number(m[1]), 0);
    equal(counted, n, `the summary's counts (${summary})`);
    expect((await page.textContent("#teach-title")).startsWith(`Step 1 of ${n} on the board as it is:`), "title");
    // The module's list, as the page shows it, and every step right against the solution.
    const listed = await page.evaluate((puzzle) => window.sudokit.all_steps({ puzzle }), SEED);
    const texts = await page.$$eval("#steps li button", (b) => b.map((x) => x.textContent));
    equal(JSON.stringify(listed.steps.map((s) => s.text)), JSON.stringify(texts), "the steps listed");
    for (const s of listed.steps) {
      expect(s.placements.every((p) => SOLVED[p.cell] === String(p.digit)), `placement of ${s.text}`);
      expect(s.eliminations.every((e) => SOLVED[e.cell] !== String(e.digit)), `elimination of ${s.text}`);
    }
    const k = await showElimination(page, texts, "03d-all-steps");
    expect(await page.isVisible("#teach-apply"), "the picked step can be applied");
    await page.click("#teach-apply");
    equal(await board(page), SEED, "an elimination places no digit");
    expect(await page.isHidden("#teach"), "the list closes: the board changed");
    // The next list goes on from the candidates the step removed.
    await page.click("#all-steps");
    await page.waitForSelector("#steps li", { timeout: 10000 });
    const again = await page.$$eval("#steps li button", (b) => b.map((x) => x.textContent));
    expect(!again.includes(texts[k]), `${texts[k]} is done`);
    await page.click("#teach-close");
    await page.focus("#board");
    await page.keyboard.press("Control+z");
  });

  await step("with the hints by Sudoku Explainer, its \"Get all hints\": each step right, its hint first", async () => {
    await page.selectOption("#hint-scale", "se");
    await page.click("#all-steps");
    await page.waitForSelector("#steps li", { timeout: 10000 });
    const texts = await page.$$eval("#steps li button", (b) => b.map((x) => x.textContent));
    const listed = await page.evaluate((puzzle) => window.sudokit.all_steps({ puzzle, scale: "se" }), SEED);
    equal(JSON.stringify(listed.steps.map((s) => s.text)), JSON.stringify(texts), "the steps listed");
    expect(texts.every((t) => /\(\d+\.\d\)/.test(t)), "each step with its difficulty");
    const summary = await page.textContent("#steps-summary");
    const counted = [...summary.matchAll(/(\d+) × [^,(]+\(\d+\.\d\)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    equal(counted, texts.length, `the summary's counts, each technique with its difficulty (${summary})`);
    for (const s of listed.steps) {
      expect(s.placements.every((p) => SOLVED[p.cell] === String(p.digit)), `placement of ${s.text}`);
      expect(s.eliminations.every((e) => SOLVED[e.cell] !== String(e.digit)), `elimination of ${s.text}`);
    }
    const next = await page.evaluate((puzzle) => window.sudokit.hint({ puzzle, scale: "se" }), SEED);
    equal(texts[0], next.step.text, "the hint comes first");
    await shot(page, "03e-se-all-steps");
    // Another scale closes the list: the next press asks that one.
    await page.selectOption("#hint-scale", "hodoku");
    expect(await page.isHidden("#teach"), "the list closes with the scale");
    equal(await board(page), SEED, "the board is as it was");
  });

  const rated = ratedPuzzle();
  if (rated) {
    await step(`an elimination step of a puzzle rated ER ${rated.er} shows the candidates it removes`, async () => {
      await page.fill("#paste", rated.puzzle);
      await page.click("#load");
      await page.click("#explain");
      await page.waitForSelector("#steps li", { timeout: 10000 });
      const texts = await page.$$eval("#steps li button", (b) => b.map((x) => x.textContent));
      await showElimination(page, texts, "03c-elimination");
      await page.click("#teach-close");
    });

    await step("rating: Sudoku Explainer's ER/EP/ED as serate gives them, and HoDoKu's level and score", async () => {
      await page.focus("#board");
      const start = Date.now();
      await page.keyboard.press("r");
      await page.waitForSelector("#rating:not([hidden])", { timeout: 30000 });
      const text = await page.textContent("#rating");
      const se = `ER ${rated.er} / EP ${rated.ep} / ED ${rated.ed} (${rated.hardest})`;
      expect(text.startsWith(se), `rating "${text}", serate: ${se}`);
      expect(/ · HoDoKu (easy|medium|hard|unfair|extreme) \(score \d+\) · /.test(text), `HoDoKu part of "${text}"`);
      // The backdoor size after both scales: the module's, with its first backdoor.
      const { backdoor } = await page.evaluate((p) => window.sudokit.rate({ puzzle: p, work: 1 }), rated.puzzle);
      const doors = backdoor.size === 0
        ? "backdoor size 0 (singles solve it)"
        : `backdoor size ${backdoor.size} (${backdoor.sets.length} backdoor${backdoor.sets.length === 1 ? "" : "s"}, e.g. ${backdoor.sets[0].join(" ")})`;
      const before = text.replace(/ \([\d.]+ ms\)$/, "");
      expect(before !== text && before.endsWith(` · ${doors}`), `backdoor part of "${text}", wanted "${doors}"`);
      console.log(`     ${text} (${Date.now() - start} ms from the key to the answer)`);
      expect(!(await page.isVisible("#busy")), "no running-work notice after the answer");
      // Sudoku Explainer's path, folded under the rating: its hardest step is ER, and the first
      // step that hard is the hardest technique's.
      expect(await page.isVisible("#se-path summary"), "the path's summary");
      await page.click("#se-path summary");
      const path = await page.$$eval("#se-path-steps li", (l) => l.map((x) => x.textContent));
      const difficulty = (s) => Number(/ \((\d+\.\d)\): /.exec(s)?.[1]);
      expect(path.length > 0 && path.every((s) => difficulty(s) >= 1.0), `path: ${path.slice(0, 3).join(" | ")}`);
      expect(Math.max(...path.map(difficulty)).toFixed(1) === rated.er, `the path's hardest step against ER ${rated.er}`);
      const hardest = path.find((s) => difficulty(s).toFixed(1) === rated.er);
      expect(hardest.startsWith(`${rated.hardest} (`), `the first step of ER: ${hardest}`);
      equal(await page.textContent("#se-path-steps li.hardest"), hardest, "the step marked as the hardest");
      expect((await page.textContent("#se-path summary")).endsWith(`${path.length} steps`), "the step count");
      // The techniques counted above the steps: the counts add up to them, the last is ER's.
      const counts = await page.textContent("#se-path-summary");
      const counted = [...counts.matchAll(/(\d+) × /g)].reduce((sum, m) => sum + Number(m[1]), 0);
      equal(counted, path.length, `the counts (${counts})`);
      expect(counts.endsWith(`(${rated.er})`), `the hardest counted last: ${counts}`);
      await shot(page, "03d-rating");
      const bad = await lowContrast(page);
      expect(bad.length === 0, `contrast: ${bad.join("; ")}`);
      await page.click(`#cell-${rated.puzzle.indexOf(".")}`);
      await page.keyboard.press("1"); // any change: the rating was of the board before
      expect(await page.$eval("#rating", (r) => r.hidden), "rating hidden after a change");
      expect(await page.$eval("#se-path", (d) => d.hidden), "path hidden after a change");
      await page.keyboard.press("Control+z");
      await page.keyboard.press("Control+z"); // back to the typed seed puzzle
      equal(await board(page), SEED, "the board after undoing the paste");
    });
  }

  await step("rating needs one solution; other boards get the human solver's path in brief", async () => {
    const [loose, open, six, path] = await page.evaluate(([loose, six]) => [
      window.sudokit.rate({ puzzle: loose }),
      window.sudokit.rate({ puzzle: ".".repeat(36) }),
      window.sudokit.rate({ puzzle: six }),
      window.sudokit.explain({ puzzle: six }),
    ], [LOOSE, SIX]);
    equal(loose.verdict, "multiple", "verdict");
    equal(open.verdict, "multiple", "verdict of an empty 6×6 board");
    expect(six.seProblem.includes("classic 9×9 puzzles only, not 6×6 boards"), six.seProblem);
    equal(six.outline.steps, path.steps.length, "the outline's steps against explain's");
    await page.fill("#paste", SIX);
    await page.click("#load");
    await page.click("#rate");
    await page.waitForSelector("#rating:not([hidden])", { timeout: 10000 });
    const text = await page.textContent("#rating");
    equal(six.backdoor.size, 0, "the 6×6 puzzle's backdoor size");
    const wanted = `No rating: ${six.seProblem}; its path with HoDoKu's techniques takes ${six.outline.steps} steps, the hardest ${six.outline.hardest} · backdoor size 0 (singles solve it) (`;
    expect(text.startsWith(wanted), `rating "${text}", wanted "${wanted}…"`);
    await page.keyboard.press("Control+z");
    equal(await board(page), SEED, "the board after undoing the paste");
  });

  // A puzzle whose Sudoku Explainer rating runs for seconds even natively (nested forcing chains):
  // the step path alone now finishes too soon to be stopped on any of these puzzles.
  const hardest = benchPuzzles()?.[50];
  if (hardest) {
    await step("long work runs beside the page: it stays responsive, shows the time, and Esc stops it", async () => {
      await page.fill("#paste", hardest);
      await page.click("#load");
      await page.click("#rate");
      await page.waitForSelector("#busy:not([hidden])", { timeout: 5000 });
      // The page answers while the worker works: the selection moves.
      await page.focus("#board");
      await page.keyboard.press("ArrowRight");
      equal(await page.getAttribute("#cell-1", "aria-selected"), "true", "selection moved during the work");
      expect((await page.textContent("#busy-text")).startsWith("Rating…"), "busy notice");
      await shot(page, "03e-busy");
      const busyContrast = await lowContrast(page);
      expect(busyContrast.length === 0, `contrast: ${busyContrast.join("; ")}`);
      await page.keyboard.press("Escape");
      equal(await message(page), "Stopped.", "message");
      expect(!(await page.isVisible("#busy")), "notice hidden");
      await page.keyboard.press("Control+z");
      equal(await board(page), SEED, "the board after undoing the paste");
      await page.click("#hint"); // a new worker answers
      await page.waitForSelector("#teach:not([hidden])", { timeout: 10000 });
      await page.click("#teach-close");
    });
  }

  await step("solve fills the grid with the solution", async () => {
    await page.click("#solve");
    equal(await board(page), SOLVED, "solved board");
    expect((await message(page)).startsWith("Solved"), `message: ${await message(page)}`);
    equal((await cellsWith(page, "solved")).length, 81 - 30, "cells filled by the solver");
    await shot(page, "03-solved");
  });

  await step("undo takes the solution back, redo restores it (keyboard)", async () => {
    await page.focus("#board");
    await page.keyboard.press("Control+z");
    equal(await board(page), SEED, "after undo");
    await page.keyboard.press("Control+y");
    equal(await board(page), SOLVED, "after redo");
    await page.keyboard.press("Control+z");
  });

  await step("a conflicting entry is highlighted with its partner", async () => {
    // r1c3 := 5 repeats the 5 of r1c1.
    await page.click("#cell-2");
    await page.keyboard.press("5");
    await page.click("#check");
    const conflicts = await cellsWith(page, "conflict");
    expect(conflicts.includes(0) && conflicts.includes(2), `conflict cells ${conflicts}`);
    expect((await message(page)).includes("5 twice in row 1 (r1c1 and r1c3)"), `message: ${await message(page)}`);
    await page.click("#cell-4"); // a given: the selection moves, the highlighting stays until a change
    await shot(page, "04-conflict");
    await page.click("#cell-2");
    await page.keyboard.press("Delete");
    equal((await cellsWith(page, "conflict")).length, 0, "conflicts after the fix");
    equal(await message(page), "", "the conflict message after the fix");
  });

  await step("an entry that leaves no solution is explained, its dead end highlighted", async () => {
    // r1c3 := 2 obeys the rules, but the singles that follow leave r7c9 with no candidate.
    await page.click("#cell-2");
    await page.keyboard.press("2");
    await page.click("#check");
    const text = await message(page);
    expect(text.startsWith("No solution: after 13 singles (") && text.includes("r7c9 has no candidate left"), `message: ${text}`);
    equal((await cellsWith(page, "conflict")).join(","), "62", "the dead-end cell");
    await shot(page, "04b-no-solution");
    await page.click("#cell-2");
    await page.keyboard.press("Delete");
    equal((await cellsWith(page, "conflict")).length, 0, "highlighting after the fix");
  });

  await step("pencil marks go in and out", async () => {
    await page.click("#cell-3");
    await page.keyboard.press("p");
    for (const d of ["2", "6", "2", "4"]) await page.keyboard.press(d); // 2 twice: toggled off
    await page.keyboard.press("p");
    const marks = await page.textContent("#cell-3 .marks");
    equal(marks, "46", "marks of r1c4");
    expect((await page.getAttribute("#cell-3", "aria-label")).includes("pencil marks 4 6"), "aria label");
    await shot(page, "05-pencil");
  });

  await step("a bad paste shows the library's message and keeps the board", async () => {
    const before = await board(page);
    await page.fill("#paste", BAD);
    await page.click("#load");
    equal(await message(page), BAD_MESSAGE, "message");
    expect(await page.$eval("#message", (m) => m.classList.contains("error")), "shown as an error");
    equal(await board(page), before, "board after the bad paste");
    await shot(page, "06-bad-paste");
    // A board the page does not play (the library reads up to 32×32) is refused the same way,
    // pencil marks' 729 characters named as such.
    for (const [text, side] of [[".".repeat(1024), 32], [".".repeat(729), 27]]) {
      await page.fill("#paste", text);
      await page.click("#load");
      const said = await message(page);
      expect(said.startsWith(`This is a ${side}×${side} puzzle`), `refused: ${said}`);
      expect(side !== 27 || said.includes("pencil marks"), `named as pencil marks: ${said}`);
      equal(await board(page), before, `board after a ${side}×${side} paste`);
      equal(await page.$eval("#size", (s) => s.value), "9", "the size menu");
    }
  });

  await step("a pasted puzzle with many solutions: multiple, with a second solution on request", async () => {
    await page.fill("#paste", LOOSE);
    await page.click("#load");
    equal(await board(page), LOOSE, "pasted board");
    await page.click("#check");
    expect((await message(page)).startsWith("Multiple"), `message: ${await message(page)}`);
    await page.click("#second");
    const second = await board(page);
    expect(second !== LOOSE && !second.includes("."), "a full second solution is shown");
    expect((await cellsWith(page, "differ")).length > 0, "differing cells highlighted");
    await shot(page, "07-second-solution");
    await page.click("#second");
    equal(await board(page), LOOSE, "back to the puzzle");
    await page.click("#rate");
    await page.waitForSelector("#rating:not([hidden])", { timeout: 10000 });
    equal(await page.textContent("#rating"), "Ratings need a board with exactly one solution; this one: multiple. Check shows more.", "rating");
    // Solve fills in one of the solutions and says it is one of several; Minimize then does not
    // take the solver's digits for a puzzle typed as entries.
    await page.click("#solve");
    const solved = await message(page);
    expect(solved.startsWith("Solved") && solved.includes("more than one solution"), `message: ${solved}`);
    await page.click("#minimize");
    const refused = await message(page);
    expect(refused.includes("have more than one solution") && !refused.includes("Entries → givens"), `message: ${refused}`);
    await page.click("#undo");
    equal(await board(page), LOOSE, "Undo takes the solution back");
  });

  // The first hard puzzle that HoDoKu's All Steps list has nothing for (it leaves out forcing
  // chains, nets and guessing).
  const hard = benchPuzzles();
  if (hard) await step("a board beyond HoDoKu's All Steps list: it says so, and Hint still has a step", async () => {
    const beyond = await page.evaluate((list) => list.find((puzzle) => {
      const a = window.sudokit.all_steps({ puzzle });
      return a.verdict === "unique" && !a.solved && a.steps.length === 0;
    }), hard.slice(0, 40));
    expect(beyond, "a puzzle among the first 40 hard ones with nothing in the list");
    await page.fill("#paste", beyond);
    await page.click("#load");
    await page.click("#all-steps");
    await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("No step in the list"), null, { timeout: 30000 });
    expect((await message(page)).includes("Hint gives the next step"), `message: ${await message(page)}`);
    await page.click("#hint");
    await page.waitForSelector("#teach:not([hidden])", { timeout: 30000 });
    await page.click("#teach-close");
  });

  let generated = "";
  await step("generate by difficulty and seed: one solution, reproducible", async () => {
    await page.selectOption("#size", "9");
    await page.selectOption("#difficulty", "guess");
    await page.fill("#seed", "42");
    await page.click("#generate");
    await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Generated"));
    generated = await board(page);
    expect(generated.replace(/\./g, "").length >= 17, `givens in ${generated}`);
    const count = await page.evaluate((p) => window.sudokit.count({ puzzle: p, limit: 2 }), generated);
    equal(count.text, "1", "solutions counted by the module");
    await page.click("#check");
    expect((await message(page)).startsWith("Unique"), `message: ${await message(page)}`);
    expect((await message(page)).endsWith("; minimal: no digit can go."), `a generated puzzle is minimal: ${await message(page)}`);
    await shot(page, "08-generated");
    await page.click("#generate");
    await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Generated"));
    equal(await board(page), generated, "the same seed gives the same puzzle");
  });

  await step("the address encodes the puzzle and the entries", async () => {
    await page.click("#cell-" + generated.indexOf("."));
    const digitFree = "1";
    await page.keyboard.press(digitFree);
    const url = page.url();
    expect(url.includes("#p="), `address ${url}`);
    const other = await open(undefined, url.slice(url.indexOf("#")));
    equal(await board(other), await board(page), "board opened from the address");
    await other.context().close();
  });

  await step("X and hyper rules on an empty board; 16×16 generation; 16×16 hyper solved", async () => {
    await page.check("#rule-x");
    await page.check("#rule-hyper");
    await page.click("#empty");
    expect((await cellsWith(page, "diagonal")).length === 17, "diagonal cells");
    expect((await cellsWith(page, "window")).length === 36, "window cells");
    await page.click("#solve");
    const x = await board(page);
    const check = await page.evaluate((p) => window.sudokit.check({ puzzle: JSON.stringify({ givens: p, variants: ["x", "hyper"] }) }), x);
    equal(check.verdict, "unique", "the solved X+hyper grid checks under its rules");
    await shot(page, "09-x-hyper");
    await page.uncheck("#rule-x");
    await page.uncheck("#rule-hyper");
    await page.selectOption("#size", "16");
    await page.selectOption("#difficulty", "");
    await page.fill("#seed", "7");
    await page.click("#generate");
    await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Generated"), null, { timeout: 60000 });
    equal((await board(page)).length, 256, "16×16 cells");
    await page.click("#check");
    expect((await message(page)).startsWith("Unique"), `message: ${await message(page)}`);
    await shot(page, "10-16x16");
    // Hyper on 16×16: nine windows; the empty board is filled at once.
    await page.check("#rule-hyper");
    await page.click("#empty");
    expect((await cellsWith(page, "window")).length === 144, "16×16 window cells");
    await page.click("#solve");
    const hyper16 = await board(page);
    expect(!hyper16.includes("."), `the empty 16×16 hyper board solved: ${hyper16}`);
    const hyperCheck = await page.evaluate((p) => window.sudokit.check({ puzzle: JSON.stringify({ givens: p, variants: ["hyper"] }) }), hyper16);
    equal(hyperCheck.verdict, "unique", "the solved 16×16 hyper grid checks under its rules");
    await page.uncheck("#rule-hyper");
    const bounded = await page.evaluate(() => {
      const start = performance.now();
      const a = window.sudokit.count({ puzzle: ".".repeat(256), limit: 1e9, nodes: 20000 });
      return { ...a, ms: performance.now() - start };
    });
    equal(bounded.interrupted, "node budget spent", "a long count stops at the node budget");
    expect(!bounded.complete && bounded.ms < 5000, `count took ${bounded.ms} ms`);
  });

  await step("X and jigsaw generation: one solution under the puzzle's rules, the region map drawn; refused boards say why", async () => {
    const generated = async () => {
      await page.click("#generate");
      await page.waitForFunction(() => document.querySelector("#message").textContent !== "", null, { timeout: 30000 });
      const text = await message(page);
      expect(text.startsWith("Generated"), `message: ${text}`);
      return text;
    };
    const checkUnique = async () => {
      await page.click("#check");
      expect((await message(page)).startsWith("Unique"), `message: ${await message(page)}`);
    };
    // Ticking X reloads the board under the new rules, which sets the size back to the board's.
    await page.check("#rule-x");
    await page.selectOption("#size", "9");
    await page.fill("#seed", "3");
    const madeX = await generated();
    expect(madeX.startsWith("Generated a 9×9 X puzzle"), `an X puzzle: ${madeX}`);
    expect((await cellsWith(page, "diagonal")).length === 17, "diagonal cells");
    const x = await board(page);
    const xCount = await page.evaluate((p) => window.sudokit.count({ puzzle: p, variants: ["x"], limit: 2 }), x);
    equal(xCount.text, "1", "the X puzzle counted under X rules");
    await checkUnique();
    await page.uncheck("#rule-x");
    await page.selectOption("#size", "9");
    await page.check("#rule-jigsaw");
    const madeJigsaw = await generated();
    expect(madeJigsaw.startsWith("Generated a 9×9 jigsaw puzzle"), `a jigsaw puzzle: ${madeJigsaw}`);
    await checkUnique();
    const url = page.url();
    expect(/[#&]r=/.test(url) && !url.includes(`r=${"111222333".repeat(3)}${"444555666".repeat(3)}`), `a region map that is not the boxes in ${url}`);
    await shot(page, "10b-generated-jigsaw");
    const first = await board(page);
    await generated();
    equal(await board(page), first, "the same seed gives the same jigsaw puzzle");
    await page.selectOption("#size", "16");
    await page.click("#generate");
    await page.waitForFunction(() => document.querySelector("#message").className === "error");
    expect((await message(page)).includes("up to 12×12"), `message: ${await message(page)}`);
    equal(await board(page), first, "a refused board keeps the puzzle");
    await page.uncheck("#rule-jigsaw");
    await page.selectOption("#size", "9");
  });

  await step("generate on the board's pattern: the givens where the board's digits are, one solution; Minimize; a pattern that cannot work says why", async () => {
    await page.fill("#paste", SEED);
    await page.click("#load");
    await page.check("#gen-pattern");
    await page.fill("#seed", "5");
    await page.click("#generate");
    await page.waitForFunction(() => document.querySelector("#message").textContent.startsWith("Generated"), null, { timeout: 30000 });
    expect((await message(page)).startsWith("Generated a 9×9 puzzle on the board's pattern with 30 givens"), `message: ${await message(page)}`);
    const made = await board(page);
    const blanks = (p) => [...p].map((c) => c === ".").join("");
    equal(blanks(made), blanks(SEED), "the givens sit where the seed puzzle's do");
    expect(made !== SEED, "new digits");
    const count = await page.evaluate((p) => window.sudokit.count({ puzzle: p, limit: 2 }), made);
    equal(count.text, "1", "one solution");
    // Check says whether it is minimal, naming the digits that can go as the module finds them.
    const redundant = await page.evaluate((p) => window.sudokit.check({ puzzle: p }).redundant, made);
    await page.click("#check");
    const names = redundant.slice(0, 8).map((i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`).join(" ");
    const said = await message(page);
    if (redundant.length === 0) expect(said.endsWith("; minimal: no digit can go."), `message: ${said}`);
    else expect(said.includes(`; not minimal: ${names}`), `message: ${said}, module: ${redundant}`);
    // Minimize takes the digits that can go, one at a time, down to a minimal puzzle; Undo brings them back.
    await page.click("#minimize");
    const reduced = await board(page);
    const left = await page.evaluate((p) => window.sudokit.check({ puzzle: p }), reduced);
    const before = await page.evaluate((p) => window.sudokit.check({ puzzle: p }), made);
    equal(left.verdict, "unique", "the minimized board has one solution");
    equal(left.solution.join(""), before.solution.join(""), "the same solution");
    equal(left.redundant.length, 0, "no digit of the minimized board can go");
    expect([...reduced].every((c, i) => c === "." || c === made[i]), `only the board's digits stay: ${reduced}`);
    const gone = [...made].filter((c, i) => c !== reduced[i]).length;
    if (redundant.length === 0) equal(gone, 0, "a minimal board keeps every digit");
    else expect((await message(page)).startsWith(`Minimized: removed ${gone} given`), `message: ${await message(page)}`);
    await page.click("#minimize");
    expect((await message(page)).startsWith("Minimal already: no given can go"), `message: ${await message(page)}`);
    if (gone > 0) {
      await page.click("#undo");
      equal(await board(page), made, "Undo brings the digits back");
    }
    // Digits typed on an empty board are entries, not givens: Minimize says how to make them givens.
    await page.click("#empty");
    await page.click("#cell-0");
    await page.keyboard.press("5");
    await page.click("#minimize");
    const typed = await message(page);
    expect(typed.includes("have more than one solution") && typed.includes("Entries → givens"), `message: ${typed}`);
    await page.click("#empty");
    await page.click("#generate");
    await page.waitForFunction(() => document.querySelector("#message").className === "error");
    expect((await message(page)).includes("it has 0 givens"), `message: ${await message(page)}`);
    await page.uncheck("#gen-pattern");
  });

  await step("a jigsaw puzzle object pastes with its regions", async () => {
    const jigsaw = JSON.stringify({ size: 6, regions: "AAABBBAACCBBACCCDBECDDDDEEFFFDEEEFFF", givens: `1${".".repeat(35)}` });
    await page.fill("#paste", jigsaw);
    await page.click("#load");
    expect((await message(page)).startsWith("Loaded a 6×6"), `message: ${await message(page)}`);
    await page.click("#solve");
    expect(!(await board(page)).includes("."), "solved jigsaw");
    await shot(page, "11-jigsaw");
    // The same puzzle as a line with its region map after the givens: read as that jigsaw.
    await page.fill("#paste", `1${".".repeat(35)} AAABBBAACCBBACCCDBECDDDDEEFFFDEEEFFF`);
    await page.click("#load");
    expect((await message(page)).startsWith("Loaded a 6×6 puzzle in the line layout"), `message: ${await message(page)}`);
    expect(await page.isChecked("#rule-jigsaw"), "the jigsaw rule ticked");
    // The regions' walls, not the boxes': r2c2 and r2c3 are in different regions, r2c3 and r2c4 in one.
    expect(await page.$eval("#cell-7", (c) => c.classList.contains("edge-right")), "the wall after r2c2");
    expect(!(await page.$eval("#cell-8", (c) => c.classList.contains("edge-right"))), "no wall after r2c3");
  });

  await step("killer generation: cages drawn with their sums, one solution, solved by the cages' logic, kept in the address", async () => {
    // The jigsaw pasted before left its rule ticked.
    await page.uncheck("#rule-jigsaw");
    await page.selectOption("#size", "9");
    await page.check("#rule-killer");
    await page.fill("#seed", "2");
    await page.click("#generate");
    await page.waitForFunction(() => document.querySelector("#message").textContent !== "", null, { timeout: 30000 });
    const made = await message(page);
    expect(made.startsWith("Generated a 9×9 killer puzzle") && made.includes(" cages, seed 2"), `message: ${made}`);
    const url = page.url();
    const param = new URLSearchParams(url.slice(url.indexOf("#") + 1)).get("k");
    expect(param, `cages in the address ${url}`);
    const cages = param.split("_").map((c) => {
      const [sum, cells] = c.split("-");
      return { sum: Number(sum), cells: cells.split(".").map(Number) };
    });
    const drawn = await page.$$eval("#board .cage-sum", (s) => s.map((x) => [Number(x.closest(".cell").dataset.index), Number(x.textContent)]));
    equal(JSON.stringify(drawn.sort((a, b) => a[0] - b[0])),
      JSON.stringify(cages.map((c) => [Math.min(...c.cells), c.sum]).sort((a, b) => a[0] - b[0])), "each cage's sum on its first cell");
    // Every cage is outlined: its cells have an outline, and the outline is closed (each cell's sides
    // that border another cage, or the board's edge, are drawn).
    const outlines = await page.$$eval("#board .cell .cage", (o) => o.map((x) => [Number(x.closest(".cell").dataset.index), x.className]));
    const cageOf = new Map(cages.flatMap((c, k) => c.cells.map((i) => [i, k])));
    equal(outlines.length, cageOf.size, "outlined cells");
    for (const [i, cls] of outlines) {
      const [r, c] = [Math.floor(i / 9), i % 9];
      const sides = { top: [r - 1, c], right: [r, c + 1], bottom: [r + 1, c], left: [r, c - 1] };
      for (const [side, [rr, cc]] of Object.entries(sides)) {
        const outside = rr < 0 || cc < 0 || rr > 8 || cc > 8 || cageOf.get(rr * 9 + cc) !== cageOf.get(i);
        equal(cls.split(" ").includes(side), outside, `the ${side} side of cell ${i}`);
      }
    }
    const label = await page.getAttribute(`#cell-${cages[0].cells[0]}`, "aria-label");
    expect(label.includes(`in a cage of ${cages[0].cells.length} cells summing to ${cages[0].sum}`), `label: ${label}`);
    await page.click("#check");
    expect((await message(page)).startsWith("Unique"), `message: ${await message(page)}`);
    await shot(page, "12-killer");
    const bad = await lowContrast(page);
    expect(bad.length === 0, `contrast: ${bad.join("; ")}`);
    // The explanation uses the cages' sums, and every step is right by the solution.
    await page.click("#explain");
    await page.waitForSelector("#steps li", { timeout: 30000 });
    const texts = await page.$$eval("#steps li button", (b) => b.map((x) => x.textContent));
    const k = texts.findIndex((t) => t.includes("Cage Combination"));
    expect(k >= 0, `a Cage Combination step among ${texts.slice(0, 5).join(" | ")}`);
    // Shown on the board: its cage is the highlighted area.
    await page.click(`#steps li:nth-child(${k + 1}) button`);
    const area = await cellsWith(page, "area");
    expect(cages.some((c) => JSON.stringify([...c.cells].sort((a, b) => a - b)) === JSON.stringify(area)), `the step's cage highlighted: ${area}`);
    await shot(page, "12b-killer-step");
    const stepContrast = await lowContrast(page);
    expect(stepContrast.length === 0, `contrast: ${stepContrast.join("; ")}`);
    await page.click("#teach-close");
    const before = await board(page);
    await page.click("#solve");
    const solved = await board(page);
    expect(!solved.includes("."), "solved killer");
    for (const c of cages) {
      const digits = c.cells.map((i) => Number(solved[i]));
      equal(digits.reduce((a, b) => a + b, 0), c.sum, `the sum of the cage at ${c.cells[0]}`);
      equal(new Set(digits).size, digits.length, `different digits in the cage at ${c.cells[0]}`);
    }
    // Another page opened at the address has the same puzzle and cages.
    const other = await open(undefined, url.slice(url.indexOf("#")));
    equal(await board(other), before, "givens from the address");
    const again = await other.$$eval("#board .cell .cage", (o) => o.map((x) => [Number(x.closest(".cell").dataset.index), x.className]));
    equal(JSON.stringify(again), JSON.stringify(outlines), "cages from the address");
    expect(await other.isChecked("#rule-killer"), "the killer rule ticked");
    await other.context().close();
    // A killer puzzle object as the command line writes it pastes with its cages.
    const small = JSON.stringify({ puzzle: `${".".repeat(13)}2..`, variants: ["killer"], cages: [
      { cells: ["r1c1", "r1c2"], sum: 7 }, { cells: ["r1c3", "r2c3"], sum: 5 }, { cells: ["r1c4", "r2c4", "r3c4"], sum: 9 },
      { cells: ["r2c1", "r2c2"], sum: 3 }, { cells: ["r3c1", "r3c2", "r4c1", "r4c2"], sum: 10 }, { cells: ["r3c3", "r4c3", "r4c4"], sum: 6 }] });
    await page.fill("#paste", small);
    await page.click("#load");
    expect((await message(page)).startsWith("Loaded a 4×4"), `message: ${await message(page)}`);
    equal(await page.$$eval("#board .cage-sum", (s) => s.map((x) => x.textContent).join(",")), "7,5,9,3,10,6", "the pasted cages' sums");
    await page.click("#check");
    expect((await message(page)).startsWith("Unique"), `message: ${await message(page)}`);
    await page.uncheck("#rule-killer");
  });

  await step("a killer puzzle entered by hand: cages drawn by mouse and keyboard, refused ones say why, removed and undone", async () => {
    await page.selectOption("#size", "4");
    await page.click("#empty");
    await typePuzzle(page, `${".".repeat(13)}2..`, 4);
    const sums = () => page.$$eval("#board .cage-sum", (s) => s.map((x) => x.textContent).join(","));
    const pending = () => cellsWith(page, "pending");
    await page.click("#draw-cage");
    equal(await page.getAttribute("#draw-cage", "aria-pressed"), "true", "drawing");
    // With the mouse.
    await page.click("#cell-0");
    await page.click("#cell-1");
    equal(JSON.stringify(await pending()), "[0,1]", "the cells picked");
    expect((await page.getAttribute("#cell-1", "aria-label")).includes("in the cage being drawn"), "the label of a picked cell");
    equal(await page.textContent("#cage-status"), "Cage being drawn: r1c1 r1c2.", "the cage's status");
    await shot(page, "12c-killer-drawing");
    const bad = await lowContrast(page);
    expect(bad.length === 0, `contrast: ${bad.join("; ")}`);
    await page.fill("#cage-sum", "7");
    await page.click("#add-cage");
    equal(await message(page), "Cage of 2 cells summing to 7 added.", "added");
    equal(await sums(), "7", "the first cage drawn");
    equal(JSON.stringify(await pending()), "[]", "nothing picked after adding");
    // With the keyboard: from r1c2, right to r1c3, Space, down to r2c3, Space; Enter in the sum adds.
    await page.focus("#board");
    for (const key of ["ArrowRight", " ", "ArrowDown", " "]) await page.keyboard.press(key);
    equal(JSON.stringify(await pending()), "[2,6]", "the cells picked by keyboard");
    await page.fill("#cage-sum", "5");
    await page.press("#cage-sum", "Enter");
    equal(await sums(), "7,5", "the second cage");
    // A cell of a cage is refused; so is a sum the cage cannot make (the library's message).
    await page.click("#cell-0");
    expect((await message(page)).startsWith("r1c1 is in a cage already"), `message: ${await message(page)}`);
    for (const i of [3, 7, 11]) await page.click(`#cell-${i}`);
    await page.fill("#cage-sum", "30");
    await page.click("#add-cage");
    expect((await message(page)).includes("a sum of 30 is impossible"), `message: ${await message(page)}`);
    equal(await sums(), "7,5", "no cage added");
    await page.fill("#cage-sum", "9");
    await page.click("#add-cage");
    for (const [cells, sum] of [[[4, 5], 3], [[8, 9, 12, 13], 10], [[10, 14, 15], 6]]) {
      for (const i of cells) await page.click(`#cell-${i}`);
      await page.fill("#cage-sum", String(sum));
      await page.click("#add-cage");
    }
    equal(await sums(), "7,5,9,3,10,6", "every cage");
    await page.click("#draw-cage");
    equal(await page.getAttribute("#draw-cage", "aria-pressed"), "false", "drawing ended");
    expect(await page.isChecked("#rule-killer"), "the killer rule ticked");
    await page.click("#check");
    expect((await message(page)).startsWith("Unique"), `message: ${await message(page)}`);
    await page.click("#solve");
    const solved = await board(page);
    expect(!solved.includes("."), `solved: ${solved}`);
    equal(Number(solved[0]) + Number(solved[1]), 7, "the first cage's sum in the solution");
    // Undo the solution: Remove cage below works on the puzzle alone.
    await page.keyboard.press("Control+z");
    // Remove cage takes away the selected cell's cage; undo brings it back.
    await page.click("#cell-8");
    await page.click("#remove-cage");
    equal(await message(page), "The cage summing to 10 is gone.", "removed");
    equal(await sums(), "7,5,9,3,6", "the cage removed");
    await page.focus("#board");
    await page.keyboard.press("Control+z");
    equal(await sums(), "7,5,9,3,10,6", "the cage back");
    // The address keeps the cages drawn.
    const url = page.url();
    const other = await open(undefined, url.slice(url.indexOf("#")));
    equal(await other.$$eval("#board .cage-sum", (s) => s.map((x) => x.textContent).join(",")), "7,5,9,3,10,6", "cages from the address");
    await other.context().close();
    await page.uncheck("#rule-killer");
  });

  await step("every size from 4×4 to 16×16 is offered; a 10×10 board solves; boxes of 3×2 survive the address", async () => {
    const sizes = await page.$$eval("#size option", (o) => o.map((x) => Number(x.value)));
    equal(sizes.join(","), "4,6,8,9,10,12,14,15,16", "sizes");
    await page.selectOption("#size", "10");
    await page.click("#empty");
    equal((await board(page)).length, 100, "10×10 cells");
    await page.click("#solve");
    expect(!(await board(page)).includes("."), "solved 10×10");
    const tall = JSON.stringify({ size: 6, box: "3x2", givens: `12${".".repeat(34)}` });
    await page.fill("#paste", tall);
    await page.click("#load");
    const url = page.url();
    expect(url.includes("b=3x2"), `address ${url}`);
    const other = await open(undefined, url.slice(url.indexOf("#")));
    const edges = (p) => p.$$eval("#board .cell.edge-bottom", (c) => c.map((x) => x.dataset.index).join(","));
    equal(await edges(other), await edges(page), "box edges of the board opened from the address");
    await other.context().close();
  });

  await step("a 16×16 puzzle in hex: read in the standard symbols with hex offered, read as hex on request, "
    + "then shown, played, hinted, checked and addressed in hex", async () => {
    await page.uncheck("#rule-x");
    await page.uncheck("#rule-hyper");
    const made = await page.evaluate(() => window.sudokit.generate({ size: 16, seed: 3 }));
    const STANDARD = "123456789ABCDEFG";
    const HEX = "0123456789ABCDEF";
    const hex = [...made.line].map((c) => (c === "." ? "." : HEX[STANDARD.indexOf(c)])).join("");
    expect(hex.includes("0"), `a 0 among the givens: ${hex}`);
    // Both readings are valid puzzles: the standard one is taken, and the page says so.
    await page.fill("#paste", hex);
    await page.click("#load");
    expect((await message(page)).includes("reads as a valid puzzle in hex too"), `message: ${await message(page)}`);
    equal(await board(page), hex.replace(/0/g, "."), "the standard reading: 0 a blank");
    equal(await page.inputValue("#symbols"), "standard", "digits shown");
    await page.selectOption("#read-as", "hex");
    await page.click("#load");
    equal(await message(page), "Loaded a 16×16 puzzle in hex in the line layout.", "message");
    equal(await board(page), hex, "the board in hex, as pasted");
    equal(await page.inputValue("#symbols"), "hex", "digits shown");
    equal(await page.$eval("#keypad button", (b) => b.textContent), "0", "the keypad's first digit");
    equal(await page.textContent("#key-digits"), "0–F", "the keys named in the help");
    // The hint's step writes its digit as the board does.
    await page.click("#hint");
    await page.waitForSelector("#teach:not([hidden])");
    await page.click("#teach-more");
    await page.click("#teach-more");
    const text = await page.textContent("#teach-text");
    const wanted = await page.evaluate((p) => window.sudokit.hint({ puzzle: p, symbols: "hex" }), hex);
    equal(text, wanted.step.text, "the hint's step");
    const placed = wanted.step.placements[0];
    if (placed) expect(text.endsWith(`=${HEX[placed.digit - 1]}`), `the placement in hex: ${text}`);
    await page.click("#teach-close");
    // 0 is a digit here: typed on an empty cell of a row with a given 0, it enters a second one.
    const rowText = (r) => hex.slice(r * 16, r * 16 + 16);
    const row = [...Array(16).keys()].find((r) => rowText(r).includes("0") && rowText(r).includes("."));
    const empty = hex.indexOf(".", row * 16);
    await page.click(`#cell-${empty}`);
    await page.keyboard.press("0");
    equal((await board(page))[empty], "0", "0 entered as a digit");
    await page.click("#check");
    const said = await message(page);
    expect(said.includes(`0 twice in row ${row + 1}`), `the conflict in hex: ${said}`);
    const url = page.url();
    expect(url.includes("s=hex"), `address ${url}`);
    const other = await open(undefined, url.slice(url.indexOf("#")));
    equal(await board(other), await board(page), "the board opened from the address, in hex");
    await other.context().close();
    // The same board shown in the standard symbols.
    await page.selectOption("#symbols", "standard");
    const shown = await board(page);
    equal(shown[empty], "1", "the entry in the standard symbols");
    equal(shown.replace(/\./g, "").length, hex.replace(/\./g, "").length + 1, "every digit kept");
    await page.selectOption("#read-as", "detect");
    await shot(page, "16-hex");
  });

  await step("colours pass WCAG AA contrast in every state shown", async () => {
    const bad = await lowContrast(page);
    await page.fill("#paste", SEED);
    await page.click("#load");
    await page.click("#cell-2");
    await page.keyboard.press("5");
    await page.click("#check");
    bad.push(...await lowContrast(page));
    await page.click("#solve");
    bad.push(...await lowContrast(page));
    expect(bad.length === 0, [...new Set(bad)].join("; "));
  });

  await step("a phone-sized viewport: no sideways scrolling, keyboard-only play", async () => {
    const phone = await open({ width: 375, height: 740 }, `#p=${SEED}`);
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(wide <= 375, `page is ${wide}px wide`);
    await phone.keyboard.press("Tab"); // the board is the first stop
    equal(await phone.evaluate(() => document.activeElement.id), "board", "focus");
    await phone.keyboard.press("ArrowRight");
    await phone.keyboard.press("ArrowRight");
    await phone.keyboard.press("4");
    equal((await board(phone))[2], "4", "r1c3 typed on the phone");
    await shot(phone, "12-phone");
    await phone.context().close();
  });

}

// ------------------------------------------------------------------ timing in the page

/** The text of a shared data file, or null where it is missing; with SUDOKIT_REQUIRE_DATASETS=1
 * (as CI runs) a missing file fails the run instead of skipping the steps that read it. */
function dataset(file) {
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8");
  if (process.env.SUDOKIT_REQUIRE_DATASETS === "1") {
    console.log(`FAIL ${file} not found and SUDOKIT_REQUIRE_DATASETS=1`);
    failed++;
  }
  return null;
}

function benchPuzzles() {
  const text = dataset(process.env.BENCH_PUZZLES ?? "../shared/datasets/puzzles6_forum_hardest_1106.txt");
  if (text === null) return null;
  return text.split("\n").map((l) => l.trim().slice(0, 81))
    .filter((l) => l.length === 81 && !l.startsWith("#")).slice(0, 100);
}

/** The first puzzle of the ratings reference whose Sudoku Explainer rating is 6.5 to 7.1 (chains,
 * and a fraction of a second in the page), with serate's ER/EP/ED and hardest technique. */
function ratedPuzzle() {
  const text = dataset("../shared/datasets/ratings/se-dev.tsv");
  if (text === null) return null;
  const row = text.split("\n").slice(1).map((l) => l.split("\t"))
    .find((r) => Number(r[1]) >= 6.5 && Number(r[1]) < 7.2);
  if (!row) return null;
  const [puzzle, er, ep, ed, hardest] = row;
  return { puzzle, er: Number(er).toFixed(1), ep: Number(ep).toFixed(1), ed: Number(ed).toFixed(1), hardest };
}

const puzzles = benchPuzzles();
if (puzzles) {
  await step(`solve and check ${puzzles.length} hard puzzles in the page`, async () => {
    const t = await page.evaluate((puzzles) => {
      const time = (op, rounds) => {
        let answers = [];
        const start = performance.now();
        for (let k = 0; k < rounds; k++) answers = puzzles.map((p) => window.sudokit.call(op, { puzzle: p }));
        return [(performance.now() - start) * 1000 / (rounds * puzzles.length), answers];
      };
      time("check", 1); // warm-up: compiled code, grown memory
      const [parse] = time("parse", 5);
      const [solve, solved] = time("solve", 5);
      const [check, checked] = time("check", 5);
      return {
        parseMicros: parse, solveMicros: solve, checkMicros: check,
        solvedAll: solved.every((a) => a.verdict === "solved"),
        uniqueAll: checked.every((a) => a.verdict === "unique"),
      };
    }, puzzles);
    expect(t.solvedAll && t.uniqueAll, "every hard puzzle solved and unique");
    console.log(`     per puzzle in the page: parse ${t.parseMicros.toFixed(1)} µs, solve ${t.solveMicros.toFixed(1)} µs, check ${t.checkMicros.toFixed(1)} µs`);
    let rate = {};
    if (process.env.RATE_PUZZLES) {
      // Ratings of the same puzzles the native `sudokit rate` times (scripts/web-test.sh --bench).
      const list = fs.readFileSync(process.env.RATE_PUZZLES, "utf8").split("\n").filter((l) => l.length === 81);
      rate = await page.evaluate((list) => {
        window.sudokit.rate({ puzzle: list[0] }); // warm-up
        const start = performance.now();
        const answers = list.map((p) => window.sudokit.rate({ puzzle: p }));
        return { ratePuzzles: list.length, rateMillis: (performance.now() - start) / list.length, ratedAll: answers.every((a) => a.se && a.hodoku) };
      }, list);
      expect(rate.ratedAll, "every rating puzzle rated on both scales");
      console.log(`     rating in the page: ${rate.rateMillis.toFixed(1)} ms per puzzle (${rate.ratePuzzles} puzzles)`);
    }
    if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, JSON.stringify({ puzzles: puzzles.length, ...t, ...rate }));
  });
} else {
  console.log("note: ../shared/datasets not found; the page timing is skipped");
}

await step("no console errors, failed requests or uncaught exceptions", async () => {
  expect(problems.length === 0, problems.join("; "));
});

await browser.close();
server.close();
console.log(`\n${passed} passed, ${failed} failed`);
console.log(`screenshots: ${shots}`);
process.exit(failed ? 1 : 0);
