// The engine: validation, authorization, query evaluation over the Storage seam.
