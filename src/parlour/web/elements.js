// Making page elements in one call: element("p", {class: "muted", text: "…"}, child).

/** A new element with its attributes (`text` is its text) and children. */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}
