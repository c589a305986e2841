<?php return array('dependencies' => array(), 'version' => '6f0fc9432b079f044da1');
