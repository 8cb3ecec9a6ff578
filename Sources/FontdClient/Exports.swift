// One `import FontdClient` gives the model types the server encodes (DESIGN §6).
@_exported import DynamicType
