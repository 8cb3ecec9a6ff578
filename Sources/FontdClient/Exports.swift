// One `import FontdClient` gives the model types the server encodes (docs/DESIGN.md §17 (The client library)).
@_exported import DynamicType
