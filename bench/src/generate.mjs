// Generated forms of any size (no Node APIs: the browser page bundles this file too).

/**
 * Params of a form request with `count` fields, cycling through the properties of `variantsParams` (the kitchen-sink
 * fixture: 13 variants). Names get a numeric suffix after the first cycle and the same properties are required in
 * every cycle. `tag` lands in the message and in the first property's description, so each mount can hand over a
 * schema that no cache has seen, as a new request from a server would.
 */
export function generateForm(variantsParams, count, tag = '') {
  const variants = Object.entries(variantsParams.requestedSchema.properties);
  const requiredBase = new Set(variantsParams.requestedSchema.required ?? []);
  const properties = {};
  const required = [];
  for (let i = 0; i < count; i++) {
    const [key, schema] = variants[i % variants.length];
    const cycle = Math.floor(i / variants.length);
    const name = cycle === 0 ? key : `${key}${cycle + 1}`;
    const property = JSON.parse(JSON.stringify(schema));
    if (cycle > 0 && property.title) property.title = `${property.title} ${cycle + 1}`;
    if (i === 0 && tag) property.description = `Request ${tag}`;
    properties[name] = property;
    if (requiredBase.has(key)) required.push(name);
  }
  return {
    mode: 'form',
    message: `A ${count}-field form${tag ? ` (${tag})` : ''}.`,
    requestedSchema: { type: 'object', properties, required },
  };
}
