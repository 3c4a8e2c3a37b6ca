-- Reports needed no schema change (they use the reports table of 0000): this step is kept so the
-- journal's numbering stays continuous for databases that already applied it.
select 1;
