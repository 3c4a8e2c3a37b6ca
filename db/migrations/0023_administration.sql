-- Reserved for a change in progress; until then it changes nothing.
SELECT 1;
