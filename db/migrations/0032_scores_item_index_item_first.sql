-- One child's grades (tenant, collection, enrollment) must be read from the scores key. Without
-- statistics the planner guessed one row both for the key and for scores_item_idx (tenant,
-- collection, item) with the enrollment as a filter, and the tie went to the item index, which reads
-- every grade of the collection for each child: refreshing 416 children of the never-analyzed demo
-- read 9,770 grades per child (7.4 s), a state's part 300,000 per child; and a save's cached plan
-- keeps such a choice for the session. Led by the item, the index still serves item lookups (all
-- three columns) and no longer matches a child's range.
DROP INDEX IF EXISTS "scores_item_idx";--> statement-breakpoint
CREATE INDEX "scores_item_idx" ON "scores" USING btree ("tenant_id","assessment_item_id","data_collection_id");
