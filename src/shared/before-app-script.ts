/**
 * Taps that come before the app is ready (slow 3G: the page is drawn seconds before its JavaScript
 * has run). This script, inline at the top of every page, holds each tap on an element marked
 * `data-tap` that React has not hydrated yet (it carries no `__reactProps$…` key), marks it
 * `data-tapped` so the shopper sees it was taken, and clicks it again, in order, as soon as React
 * has hydrated it (a lazy part such as the checkout included), one tap per task so that each
 * renders as a tap of its own would. A tap waits as long as its control is on the page, however
 * slowly the phone hydrates; one whose control is gone is dropped after 20 s. See docs/decisions/028-early-taps.md.
 *
 * It also keeps a page from going blank when the code of the page opened cannot be fetched (the
 * network dropped, or a new version of the shop replaced the file): the page is then loaded in
 * full, which shows it or the browser's own page saying the network is away. Once per address in
 * a row, so a server that cannot serve the code is not asked again and again.
 */
export const BEFORE_APP_SCRIPT = `(function(){var q=[],replaying=false,tries=0;
function live(el){for(var k in el)if(k.indexOf('__reactProps')===0)return true;return false}
function find(key){return document.querySelector('[data-tap="'+key+'"]')}
function flush(){while(q.length){var el=find(q[0]);if(!el||!live(el)){if(el||++tries<400)setTimeout(flush,50);else{q.shift();tries=0;setTimeout(flush,0)}return}q.shift();el.removeAttribute('data-tapped');replaying=true;try{el.click()}finally{replaying=false}if(q.length)setTimeout(flush,0);return}}
document.addEventListener('click',function(e){if(replaying)return;var t=e.target,el=t&&t.closest?t.closest('[data-tap]'):null;if(!el||(live(el)&&!q.length))return;e.preventDefault();e.stopImmediatePropagation();q.push(el.getAttribute('data-tap'));el.setAttribute('data-tapped','');if(q.length===1){tries=0;setTimeout(flush,50)}},true);
addEventListener('error',function(e){if(/dynamically imported module|module script failed/.test(e.message||'')&&sessionStorage.reloaded!==location.pathname){sessionStorage.reloaded=location.pathname;location.reload()}})})();`;
