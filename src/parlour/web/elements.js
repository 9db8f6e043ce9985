// Making page elements in one call: element("p", {class: "muted", text: "…"}, child).

/**
 * A new element with its attributes and children. `text` is its text; an
 * attribute that is false, null or undefined is left out and one that is true
 * is set empty (`hidden: true`); children that are null, undefined or false
 * are left out, so a part shown only sometimes can be written in place.
 */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child != null && child !== false));
  return node;
}
