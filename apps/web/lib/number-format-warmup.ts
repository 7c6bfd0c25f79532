/**
 * A browser loads its number-formatting data (ICU) the first time a page makes an
 * `Intl.NumberFormat`: about 20 ms on a desktop core, four times that on a phone. Hydration's
 * first price or amount used to pay it inside one long task (issue 18). This script, inline in
 * the first HTML, pays it in a task of its own just after the first paint (so the paint does not
 * wait), while the page's scripts still download and before anything can be tapped, for the page's
 * own language (the document's `lang`, which the server writes).
 */
export const NUMBER_FORMAT_WARMUP_SCRIPT =
  'requestAnimationFrame(function(){setTimeout(function(){try{new Intl.NumberFormat(document.documentElement.lang).format(0)}catch(e){}},0)})';
