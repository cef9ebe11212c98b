// A tiny element builder: h("button", {onclick, class: "x"}, "text", child...).
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key in el && key !== "list") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// A tile or a map space that is chosen by clicking it, made choosable without a mouse too: in
// the tab order, named for screen readers, and pressed with Enter or Space (a click, so that
// one handler serves both). `pressed`: the tile's on/off state for a pick-several choice.
export function pressable(el, label, pressed) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  if (pressed !== undefined) el.setAttribute("aria-pressed", String(pressed));
  el.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault(); // Space would scroll the page
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
  return el;
}

const SVG = "http://www.w3.org/2000/svg";
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "style") el.style.cssText = value;  // CSSOM: allowed by the page's CSP
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function showMessage(text, kind = "error") {
  const box = document.getElementById("message");
  box.textContent = text;
  box.className = kind;
  box.hidden = !text;
}

// Something that happened at the table (a timeout, a bot taking a seat over): told until the
// next notice, or for 20 seconds, whatever the person does meanwhile.
let noticeTimer = null;
export function showNotice(text) {
  const box = document.getElementById("notice");
  box.textContent = text;
  box.hidden = !text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { box.hidden = true; }, 20_000);
}
