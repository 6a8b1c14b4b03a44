-- Decision 262: knowledge-base documents and tools are shareable resources; like the others (decision 215,
-- migration 0039) their grants go with them, whatever deletes them.
CREATE OR REPLACE TRIGGER convai_kb_documents_drop_grants AFTER DELETE ON convai_kb_documents
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
  EXECUTE FUNCTION vocalis_drop_resource_grants('convai_knowledge_base_documents');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER convai_tools_drop_grants AFTER DELETE ON convai_tools
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION vocalis_drop_resource_grants('convai_tools');
